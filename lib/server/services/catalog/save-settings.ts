import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { settingsSaveInput } from '@/lib/schemas/catalog';
import { catalogItems, catalogSettings } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { loadSettings } from './prices';

/**
 * `catalog/settings/save {priceChoice, version?}` → `{settings}`; a stale `version` is a 409. A new choice changes
 * every price, so every item's prices count as changed (specifications using them become «цены устарели»).
 */
export const saveSettings = defineCall({
  input: settingsSaveInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const current = await loadSettings(ctx.db, user.id);
    if (input.version !== undefined && input.version !== current.version) {
      throw new ServiceError('CONFLICT', 'Настройки уже изменили в другом окне. Обновите страницу.', { extra: { version: current.version } });
    }
    if (current.priceChoice === input.priceChoice) return { msg: 'Настройки сохранены.', settings: current };
    await ctx.db.transaction(async (tx) => {
      await tx
        .insert(catalogSettings)
        .values({ ownerId: user.id, priceChoice: input.priceChoice })
        .onConflictDoUpdate({ target: catalogSettings.ownerId, set: { priceChoice: input.priceChoice, version: sql`${catalogSettings.version} + 1`, updatedAt: sql`now()` } });
      await tx.update(catalogItems).set({ pricesChangedAt: sql`now()` }).where(and(eq(catalogItems.ownerId, user.id)));
    });
    return { msg: 'Настройки сохранены.', settings: await loadSettings(ctx.db, user.id) };
  },
});
