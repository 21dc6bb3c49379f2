import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { importIdInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { catalogImports, catalogItems, catalogPrices } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { touchPrices } from './add-price';
import { findImport, importState } from './import-model';
import { specsUsingItem } from './usage';

/**
 * `catalog/import/undo {importId}` → `{removed: {prices, items, archived}}`: in one transaction, the price rows the
 * import wrote go, and the items it created — except those a specification has started to use since, which are
 * archived instead. Only an applied import (409).
 */
export const importUndo = defineCall({
  input: importIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const imp = await findImport(ctx.db, user.id, input.importId);
    if (imp.state !== 'applied') throw importState('Отменить можно только применённый импорт.');
    const created = imp.createdItems;
    const used = new Set<string>();
    for (const id of created.slice(0, 500)) if ((await specsUsingItem(ctx.db, user.id, id)).length) used.add(id);
    const removed = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [claimed] = await tx
        .update(catalogImports)
        .set({ state: 'undone', undoneAt: sql`now()` as unknown as Date })
        .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'applied')))
        .returning({ id: catalogImports.id });
      if (!claimed) throw importState('Импорт уже отменён.');
      const prices = await tx.delete(catalogPrices).where(and(eq(catalogPrices.ownerId, user.id), eq(catalogPrices.importId, imp.id))).returning({ itemId: catalogPrices.itemId });
      await touchPrices(tx, user.id, prices.map((p) => p.itemId));
      const drop = created.filter((id) => !used.has(id));
      for (let i = 0; i < drop.length; i += 1000) {
        await tx.delete(catalogItems).where(and(eq(catalogItems.ownerId, user.id), inArray(catalogItems.id, drop.slice(i, i + 1000))));
      }
      if (used.size) await tx.update(catalogItems).set({ archived: true }).where(and(eq(catalogItems.ownerId, user.id), inArray(catalogItems.id, [...used])));
      return { prices: prices.length, items: drop.length, archived: used.size };
    });
    return { msg: `Импорт отменён: удалено цен — ${removed.prices}, позиций — ${removed.items}.`, removed };
  },
});
