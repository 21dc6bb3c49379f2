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

/** The item ids the owner's specifications point at (trashed ones too: they may come back), as a subquery of text. */
const itemIdsInSpecs = (ownerId: string) => sql`
  select (regexp_matches(f.metadata, '"itemId":\\s*"([0-9a-fA-F-]{36})"', 'g'))[1]
  from files_objects f
  where f.owner_id = ${ownerId}::text and f.type = 'specifications' and f.kind = 'file' and strpos(f.metadata, '"itemId"') > 0`;

/**
 * «Цены изменились» now for those of the items (`itemIds`: a subquery of item ids) that a specification of the
 * owner points at, in one statement. An item no specification uses needs no mark (a specification that starts
 * to use it is saved after the change), and so a price list of thousands of items marks only the few in use.
 */
export async function touchItemsInUse(db: Db, ownerId: string, itemIds: SQL): Promise<void> {
  await db.execute(sql`
    update catalog_items set prices_changed_at = now()
    where owner_id = ${ownerId}::text and id in (${itemIds}) and id::text in (${itemIdsInSpecs(ownerId)})`);
}

/** Those of the ids that a specification of the owner points at, in one query. */
export async function itemsInUse(db: Db, ownerId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const found = await rows<{ id: string }>(
    db,
    sql`select x.value as id from json_array_elements_text(${JSON.stringify(ids)}::json) x where x.value in (${itemIdsInSpecs(ownerId)})`,
  );
  return new Set(found.map((r) => r.id));
}
