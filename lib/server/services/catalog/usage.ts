import 'server-only';
import type { Db } from '../../db/client';
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
