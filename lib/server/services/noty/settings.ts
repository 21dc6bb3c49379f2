import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notySettings } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { NOTY_KINDS } from '@/lib/domain/noty/kinds';
import { notySaveSettingsInput } from '@/lib/schemas/noty';

/** The kinds a user switched off. */
export async function mutedKinds(ctx: Pick<AppContext, 'db'>, userId: string): Promise<string[]> {
  const [row] = await ctx.db.select({ muted: notySettings.mutedKinds }).from(notySettings).where(eq(notySettings.userId, userId)).limit(1);
  return row?.muted ?? [];
}

const answer = (muted: string[]) => ({
  kinds: NOTY_KINDS.map((k) => ({ kind: k.kind as string, label: k.label as string, enabled: !muted.includes(k.kind) })),
});

/** The caller's switches: every kind the product sends, on or off. */
export const settingsCall = defineCall({
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    return { msg: 'Настройки уведомлений', ...answer(await mutedKinds(ctx, user.id)) };
  },
});

/** Replaces the caller's switched-off kinds. */
export const saveSettingsCall = defineCall({
  input: notySaveSettingsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const muted = [...new Set(input.muted)];
    await ctx.db
      .insert(notySettings)
      .values({ userId: user.id, mutedKinds: muted })
      .onConflictDoUpdate({ target: notySettings.userId, set: { mutedKinds: muted, updatedAt: sql`now()` } });
    return { msg: 'Настройки уведомлений сохранены', ...answer(muted) };
  },
});
