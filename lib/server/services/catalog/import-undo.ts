import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { importIdInput } from '@/lib/schemas/catalog';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { catalogGroups, catalogImports, catalogItems } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, importState } from './import-model';
import { emptyGroupsOf } from './pending';
import { itemsInUse, touchItemsInUse } from './usage';

/**
 * `catalog/import/undo {importId}` → `{removed: {prices, items, archived, groups}}`: in one transaction, the price rows
 * the import wrote go, and the items it created — except those a specification has started to use since, which are
 * archived instead — and then the groups it made that hold nothing now (a group that existed before the import, or
 * holds other items or groups now, stays and is the owner's own from then on). Only an applied import (409).
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
      const [groups] = await rows<{ n: number }>(
        tx,
        sql`with d as (delete from catalog_groups where owner_id = ${user.id}::text and id in (${emptyGroupsOf(imp.id)}) returning 1) select count(*)::int as n from d`,
      );
      await tx.update(catalogGroups).set({ importId: null }).where(and(eq(catalogGroups.ownerId, user.id), eq(catalogGroups.importId, imp.id)));
      return { prices: Number(gone?.n ?? 0), items: drop.length, archived: used.size, groups: Number(groups?.n ?? 0) };
    });
    const groups = removed.groups ? `, групп — ${removed.groups}` : '';
    return { msg: `Импорт отменён: удалено цен — ${removed.prices}, позиций — ${removed.items}${groups}.`, removed };
  },
});
