import 'server-only';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FileAccess, PathItem } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { fileObjects } from '../../db/schema';
import { atLeast, better, forbidden, notFound, type ObjectRow } from './model';

/** Deepest folder nesting followed (a guard; moves never create cycles). */
const MAX_DEPTH = 256;

export interface ChainRow {
  id: string;
  parent_id: string | null;
  owner_id: string;
  name: string;
  mode: string;
  kind: string;
  trash_id: string | null;
  depth: number;
  share: string | null;
}

/** The recursive query `chain` of an object and its ancestors (depth 0 = the object), for a `with recursive`. */
export const chainQuery = (objectId: string): SQL =>
  sql`select id, parent_id, owner_id, name, mode, kind, trash_id, 0 as depth from files_objects where id = ${objectId}
      union all
      select o.id, o.parent_id, o.owner_id, o.name, o.mode, o.kind, o.trash_id, c.depth + 1
        from files_objects o join chain c on o.id = c.parent_id
       where c.depth < ${MAX_DEPTH}`;

/** The object and its ancestors (depth 0 = the object), with the caller's direct share on each. */
async function chainOf(db: Db, objectId: string, userId: string | null): Promise<ChainRow[]> {
  return rows<ChainRow>(
    db,
    sql`with recursive chain as (${chainQuery(objectId)})
        select c.id, c.parent_id, c.owner_id, c.name, c.mode, c.kind, c.trash_id, c.depth, s.access as share
          from chain c left join files_shares s on s.object_id = c.id and s.user_id = ${userId ?? ''}
         order by c.depth`,
  );
}

/**
 * The caller's right on an object: owner; else the best share on it or an ancestor (shares are inherited);
 * else `read` when it or an ancestor is public; else none.
 */
export function accessFromChain(chain: ChainRow[], userId: string | null): FileAccess | null {
  const self = chain[0];
  if (!self) return null;
  if (userId && self.owner_id === userId) return 'owner';
  let access: FileAccess | null = null;
  for (const c of chain) {
    if (c.share === 'edit' || c.share === 'read') access = better(access, c.share);
    if (c.mode === 'public') access = better(access, 'read');
  }
  return access;
}

export interface Resolved {
  row: ObjectRow;
  access: FileAccess;
  /** Ancestors from the owner's root (not the object itself): for checks inside the service only. */
  path: PathItem[];
  /**
   * The ancestors the caller may be shown: for the owner, all of `path`; for anyone else, `path` from the
   * topmost ancestor they can reach by themselves (a folder shared with them, or a public one), never above.
   */
  visiblePath: PathItem[];
}

/** Ancestors (not the object) the caller may see, from the top; see `Resolved.visiblePath`. */
function visibleAncestors(chain: ChainRow[], userId: string | null): PathItem[] {
  const self = chain[0];
  if (!self) return [];
  let top = 0;
  if (userId && self.owner_id === userId) top = chain.length - 1;
  else {
    for (const c of chain) if (c.share === 'edit' || c.share === 'read' || c.mode === 'public') top = Math.max(top, c.depth);
  }
  return chain
    .filter((c) => c.depth > 0 && c.depth <= top)
    .reverse()
    .map((c) => ({ id: c.id, name: c.name }));
}

/**
 * Loads an object the caller may see, or throws 404 (an object the caller may not see does not exist for
 * them). `need` above what they have → 403 (they can see it, so saying so leaks nothing). An object in the
 * recycle bin, or inside a folder that is, does not exist either — unless `trashed` (the bin's own calls).
 */
export async function resolveObject(
  db: Db,
  userId: string | null,
  objectId: string,
  need: FileAccess = 'read',
  opts: { trashed?: boolean } = {},
): Promise<Resolved> {
  const chain = await chainOf(db, objectId, userId);
  const access = accessFromChain(chain, userId);
  if (!access || (chain[0]?.trash_id != null && !opts.trashed)) throw notFound();
  if (!atLeast(access, need)) {
    throw forbidden(need === 'owner' ? 'Это может сделать только владелец.' : 'У вас есть права только на просмотр.');
  }
  const [row] = await db.select().from(fileObjects).where(eq(fileObjects.id, objectId)).limit(1);
  if (!row || (row.trashId !== null && !opts.trashed)) throw notFound();
  const path = chain
    .filter((c) => c.depth > 0)
    .reverse()
    .map((c) => ({ id: c.id, name: c.name }));
  return { row, access, path, visiblePath: visibleAncestors(chain, userId) };
}

/** The caller's right on an object, or null (no error). */
export async function accessOf(db: Db, userId: string | null, objectId: string): Promise<FileAccess | null> {
  return accessFromChain(await chainOf(db, objectId, userId), userId);
}

/**
 * Ids of an object and everything below it that goes with it: for a visible object, what is visible below
 * it (not what was deleted into the bin from inside it); for an object in the bin, what it hides.
 */
export async function subtreeIds(db: Db, rootId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`with recursive tree as (
          select id, trash_id, 0 as depth from files_objects where id = ${rootId}
          union all
          select o.id, o.trash_id, t.depth + 1 from files_objects o join tree t on o.parent_id = t.id
           where t.depth < ${MAX_DEPTH} and o.trash_id is not distinct from (select trash_id from files_objects where id = ${rootId})
        )
        select id from tree`,
  );
  return found.map((r) => r.id);
}

/**
 * Bytes an owner uses: stored files (those in the recycle bin too), the declared size of their open uploads, and
 * the files of their price list imports still kept (catalog/import-storage.ts).
 */
export async function usedBytes(db: Db, ownerId: string, opts: { exceptUpload?: string } = {}): Promise<number> {
  const [r] = await rows<{ used: string | number | null }>(
    db,
    sql`select (select coalesce(sum(size), 0) from files_objects where owner_id = ${ownerId} and kind = 'file')
             + (select coalesce(sum(size), 0) from files_uploads
                 where owner_id = ${ownerId} and status = 'open' and id <> ${opts.exceptUpload ?? ''})
             + (select coalesce(sum(octet_length(data)), 0) from catalog_imports where owner_id = ${ownerId} and data is not null) as used`,
  );
  return Number(r?.used ?? 0);
}
