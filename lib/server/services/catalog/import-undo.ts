import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { importIdInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { catalogImports, catalogItems } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, importState } from './import-model';
import { itemsInUse, touchItemsInUse } from './usage';

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
    const made = await ctx.db.select({ id: catalogItems.id }).from(catalogItems).where(and(eq(catalogItems.ownerId, user.id), eq(catalogItems.importId, imp.id)));
    const created = made.map((r) => r.id);
    const used = await itemsInUse(ctx.db, user.id, created);
    const removed = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [claimed] = await tx
        .update(catalogImports)
        .set({ state: 'undone', undoneAt: sql`now()` as unknown as Date })
        .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, 'applied')))
        .returning({ id: catalogImports.id });
      if (!claimed) throw importState('Импорт уже отменён.');
      await touchItemsInUse(tx, user.id, sql`select item_id from catalog_prices where owner_id = ${user.id}::text and import_id = ${imp.id}::uuid`);
      const [gone] = await rows<{ n: number }>(tx, sql`with d as (delete from catalog_prices where owner_id = ${user.id}::text and import_id = ${imp.id}::uuid returning 1) select count(*)::int as n from d`);
      const drop = created.filter((id) => !used.has(id));
      if (drop.length) await tx.execute(sql`delete from catalog_items where owner_id = ${user.id}::text and id in (select value::uuid from json_array_elements_text(${JSON.stringify(drop)}::json))`);
      if (used.size) await tx.update(catalogItems).set({ archived: true }).where(and(eq(catalogItems.ownerId, user.id), inArray(catalogItems.id, [...used])));
      return { prices: Number(gone?.n ?? 0), items: drop.length, archived: used.size };
    });
    return { msg: `Импорт отменён: удалено цен — ${removed.prices}, позиций — ${removed.items}.`, removed };
  },
});
