import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { specsMentioning } from '../specifications/mentioning';

/** The owner's specifications whose lines point at the item, with how many lines. */
export async function specsUsingItem(db: Db, ownerId: string, itemId: string): Promise<{ id: string; name: string; lines: number }[]> {
  const out: { id: string; name: string; lines: number }[] = [];
  for (const s of await specsMentioning(db, ownerId, itemId)) {
    const materials = (s.doc as { materials?: { itemId?: unknown }[] }).materials;
    const lines = Array.isArray(materials) ? materials.filter((m) => m?.itemId === itemId).length : 0;
    if (lines) out.push({ id: s.id, name: s.name, lines });
  }
  return out;
}

/** The item ids the owner's specifications point at (trashed ones too: they may come back), read in one pass. */
async function itemIdsInSpecs(db: Db, ownerId: string): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    db,
    sql`select distinct lower((regexp_matches(f.metadata, '"itemId":\\s*"([0-9a-fA-F-]{36})"', 'g'))[1]) as id
        from files_objects f
        where f.owner_id = ${ownerId}::text and f.type = 'specifications' and f.kind = 'file' and strpos(f.metadata, '"itemId"') > 0`,
  );
  return new Set(found.map((r) => r.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const uuidArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * «Цены изменились» now for those of the items (`itemIds`: a subquery whose one column is an item id) that a
 * specification of the owner points at. An item no specification uses needs no mark (a specification that starts
 * to use it is saved after the change), so a price list of thousands of items marks only the few in use. The ids
 * in use are read first and passed as one array: the subquery's rows are only tested against it (hashed), never
 * joined to the specifications — the planner, seeing rows just written as few, would scan every specification
 * again for each item (minutes for 5 000 items and 1 000 specifications), and the statement stays short for the
 * import's last transaction.
 */
export async function touchItemsInUse(db: Db, ownerId: string, itemIds: SQL): Promise<void> {
  const used = [...(await itemIdsInSpecs(db, ownerId))].filter((id) => UUID.test(id));
  if (!used.length) return;
  await db.execute(
    sql`update catalog_items set prices_changed_at = now()
        where owner_id = ${ownerId}::text and id in (select s.item_id from (${itemIds}) as s(item_id) where s.item_id = any(${uuidArray(used)}::uuid[]))`,
  );
}

/** Those of the ids that a specification of the owner points at. */
export async function itemsInUse(db: Db, ownerId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const used = await itemIdsInSpecs(db, ownerId);
  return new Set(ids.filter((id) => used.has(id.toLowerCase())));
}
