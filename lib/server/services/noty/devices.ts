import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { log } from '../../log';
import { deviceKey, deviceName } from '@/lib/domain/noty/device';
import { notify } from './notify';

/**
 * A sign-in: the browser is remembered for the user; one not seen before, for a user who has signed in from
 * another one already, is a notification «Вход с нового устройства» (the very first sign-in is not). Never
 * fails the sign-in.
 */
export async function noteSignInDevice(ctx: Pick<AppContext, 'db'>, userId: string, userAgent: string | null | undefined, ip?: string): Promise<void> {
  if (!userAgent) return;
  try {
    const hash = createHash('sha256').update(deviceKey(userAgent)).digest('hex');
    const [row] = await rows<{ added: boolean; known: number }>(
      ctx.db,
      sql`with added as (
        insert into noty_devices (user_id, device_hash) values (${userId}, ${hash})
        on conflict do nothing returning 1
      )
      select exists(select 1 from added) as added,
        (select count(*)::int from noty_devices where user_id = ${userId}) as known`,
    );
    // `known` is read from the snapshot before the insert: other devices of the user.
    if (!row?.added || Number(row.known) === 0) return;
    const where = ip ? ` Адрес: ${ip}.` : '';
    await notify(ctx, userId, 'new_device', 'Вход с нового устройства', `${deviceName(userAgent)}.${where} Если это были не вы, смените пароль.`);
  } catch (err) {
    log.error('noting the sign-in device failed', err);
  }
}

