import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import * as z from '@/lib/schemas/zod';
import { FILE_SORTS, listObjectsInput, type FileAccess, type FileObject, type FileType } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { accessFromChain, chainQuery, type ChainRow } from './access';
import { better, notFound, searchKey } from './model';

export type ListObjectsInput = z.output<typeof listObjectsInput>;

const ORDER: Record<(typeof FILE_SORTS)[number], SQL> = {
  name: sql`o.search_name asc, o.id asc`,
  '-name': sql`o.search_name desc, o.id desc`,
  updated_at: sql`o.updated_at asc, o.id asc`,
  '-updated_at': sql`o.updated_at desc, o.id desc`,
  size: sql`o.size asc, o.search_name asc, o.id asc`,
  '-size': sql`o.size desc, o.search_name asc, o.id asc`,
};

/** `%text%` for LIKE with `\`, `%` and `_` escaped. */
const likePattern = (text: string): string => `%${searchKey(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A time as the wire writes it (as `Date#toISOString`: UTC, milliseconds, `Z`). */
const isoOf = (column: SQL): SQL => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A listed object as a JSON array (the database builds it and the server parses one JSON text per call, not a
 * row of columns per object). Its positions are read by `wireOf`. The caller's share of an object is looked up
 * only for objects of others: the owner's access is `owner` whatever is shared.
 */
const itemOf = (userId: string, withMetadata: boolean): SQL =>
  sql`json_build_array(o.id, o.name, o.parent_id, o.mode, o.type, o.kind, o.upload_id, o.size, o.mime, o.sha256, o.version,
        o.owner_id, ${isoOf(sql`o.created_at`)}, ${isoOf(sql`o.updated_at`)},
        case when o.owner_id = ${userId} then null
             else (select s.access from files_shares s where s.object_id = o.id and s.user_id = ${userId}) end,
        ${withMetadata ? sql`o.metadata` : sql`null`})`;

type Item = [string, string, string | null, string, string, string, string | null, number, string, string, number, string, string, string, string | null, string | null];

/** A listed object on the wire: what a list shows (`metadata` only when asked for). */
function wireOf(item: Item, userId: string, inherited: FileAccess | null): FileObject {
  const [id, name, root, mode, type, kind, uploadId, size, mime, sha256, version, owner, createdAt, updatedAt, shared, metadata] = item;
  const share = shared === 'edit' || shared === 'read' ? shared : null;
  // Found by a search below root: the folder's right is inherited (a deeper share may only add to it).
  const access: FileAccess = owner === userId ? 'owner' : (better(better(inherited, share), mode === 'public' ? 'read' : null) ?? 'read');
  return {
    id,
    name,
    root,
    mode: mode === 'public' ? 'public' : 'private',
    type: type as FileType,
    kind: kind === 'folder' ? 'folder' : 'file',
    ...(metadata !== null ? { metadata } : {}),
    upload_id: uploadId,
    size: Number(size),
    mime,
    sha256,
    version: Number(version),
    owner,
    access,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/** The objects a listing draws from (`o`), before its filters. */
function sourceOf(userId: string, input: ListObjectsInput, deep: boolean): SQL {
  if (input.root) {
    return deep
      ? sql`(with recursive tree as (
                select id, 0 as depth from files_objects where parent_id = ${input.root}
                union all
                select c.id, t.depth + 1 from files_objects c join tree t on c.parent_id = t.id where t.depth < 256
             ) select o.* from files_objects o join tree t on t.id = o.id where o.trash_id is null) o`
      : sql`files_objects o`;
  }
  const own = deep
    ? sql`select * from files_objects where owner_id = ${userId} and trash_id is null`
    : sql`select * from files_objects where owner_id = ${userId} and parent_id is null and trash_id is null`;
  const shared = sql`select f.* from files_objects f
                      where f.owner_id <> ${userId} and f.trash_id is null
                        and exists (select 1 from files_shares s where s.object_id = f.id and s.user_id = ${userId})`;
  return input.scope === 'own' ? sql`(${own}) o` : input.scope === 'shared' ? sql`(${shared}) o` : sql`(${own} union all ${shared}) o`;
}

/** The general statement: the folder's access chain (with a root), the page and the total. */
function generalPage(userId: string, input: ListObjectsInput, from: SQL, where: SQL): SQL {
  const order = sql`(o.kind = 'folder') desc, ${ORDER[input.sort]}`;
  const chain = input.root
    ? sql`(select json_agg(json_build_array(c.id, c.parent_id, c.owner_id, c.name, c.mode, c.kind, c.trash_id, c.depth,
                                            (select s.access from files_shares s where s.object_id = c.id and s.user_id = ${userId}))
                           order by c.depth) from chain c)`
    : sql`null`;
  return sql`with recursive ${input.root ? sql`chain as (${chainQuery(input.root)}),` : sql``}
        page as (
          select ${itemOf(userId, input.metadata === true)} as item, row_number() over (order by ${order}) as n, count(*) over () as total
            from ${from} ${where}
           order by ${order}
           limit ${input.limit} offset ${input.offset}
        )
        select ${chain}::text as chain, (select json_agg(p.item order by p.n) from page p)::text as objects, (select max(p.total) from page p) as total`;
}

/**
 * Objects of a folder (or of the top level), filtered, searched, sorted and paged. Folders come first.
 * Top level: `own` = the caller's, `shared` = objects shared with the caller, `all` = both. With `search`
 * the whole tree below `root` (or all the caller's objects) is searched, case-insensitively; `recursive` lists
 * that whole tree without a search. One statement: the folder's access chain, the page and the total.
 */
export async function listObjects(db: Db, userId: string, input: ListObjectsInput) {
  const filters: SQL[] = [];
  if (input.type) filters.push(sql`o.type = ${input.type}`);
  if (input.kind) filters.push(sql`o.kind = ${input.kind}`);
  const search = input.search?.trim();
  if (search) filters.push(sql`o.search_name like ${likePattern(search)} escape '\\'`);
  const deep = Boolean(search) || input.recursive === true;
  // A folder's own children: the index on (parent_id, …) of visible objects.
  if (input.root && !deep) filters.push(sql`o.parent_id = ${input.root} and o.trash_id is null`);
  const from = sourceOf(userId, input, deep);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

  type Answer = { chain: unknown[][] | string | null; objects: Item[] | string | null; total: string | number | null };
  // A folder's own page (what the lists open): the same statement in a function of migration 0034, planned once.
  const folderPage = input.root && !deep;
  const [answer] = folderPage
    ? await rows<Answer>(
        db,
        sql`select chain, objects, total from files_list_folder(${input.root}, ${userId}, ${input.sort}, ${input.type ?? null}, ${input.kind ?? null},
                                                               ${input.metadata === true}, ${input.limit}, ${input.offset})`,
      )
    : await rows<Answer>(db, generalPage(userId, input, from, where));
  let inherited: FileAccess | null = null;
  if (input.root) {
    const links = parsed<unknown[][]>(answer?.chain).map(chainRowOf);
    const access = accessFromChain(links, userId);
    if (!access || links[0]?.trash_id != null) throw notFound();
    inherited = access;
    if (links[0]?.kind !== 'folder') return { objects: [], total: 0 };
  }
  const items = parsed<Item[]>(answer?.objects);
  let total = Number(answer?.total ?? 0);
  // A page past the end has no rows to count with: count apart (rare).
  if (items.length === 0 && input.offset > 0) {
    const [count] = await rows<{ total: string | number }>(db, sql`select count(*) as total from ${from} ${where}`);
    total = Number(count?.total ?? 0);
  }
  return { objects: items.map((item) => wireOf(item, userId, inherited)), total };
}

/**
 * A JSON column sent as text (`::text`): parsed here, on the thread that answers, not in the PGlite worker —
 * which would parse it and copy the parsed objects to this thread, and is the busier of the two under a list's
 * load; `[]` for SQL null.
 */
function parsed<T extends unknown[]>(value: T | string | null | undefined): T {
  if (value == null) return [] as unknown as T;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

const chainRowOf = ([id, parent_id, owner_id, name, mode, kind, trash_id, depth, share]: unknown[]): ChainRow => ({
  id: id as string,
  parent_id: parent_id as string | null,
  owner_id: owner_id as string,
  name: name as string,
  mode: mode as string,
  kind: kind as string,
  trash_id: trash_id as string | null,
  depth: Number(depth),
  share: share as string | null,
});

export const listObjectsCall = defineCall({
  input: listObjectsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return listObjects(ctx.db, user.id, input);
  },
});
