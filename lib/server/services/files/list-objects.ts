import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { z } from '@/lib/schemas/envelope';
import { FILE_SORTS, listObjectsInput, type FileAccess } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { resolveObject } from './access';
import { better, searchKey, toWire, type ObjectRow } from './model';

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

export type Row = Record<string, unknown> & { share: string | null };

function rowOf(r: Row): ObjectRow {
  return {
    id: r.id as string,
    ownerId: r.owner_id as string,
    parentId: (r.parent_id as string | null) ?? null,
    name: r.name as string,
    searchName: r.search_name as string,
    type: r.type as string,
    kind: r.kind as string,
    mode: r.mode as string,
    metadata: r.metadata as string,
    size: Number(r.size),
    mime: r.mime as string,
    sha256: r.sha256 as string,
    blobKey: (r.blob_key as string | null) ?? null,
    uploadId: (r.upload_id as string | null) ?? null,
    version: Number(r.version),
    createdAt: new Date(r.created_at as string),
    updatedAt: new Date(r.updated_at as string),
    deletedAt: r.deleted_at ? new Date(r.deleted_at as string) : null,
    deletedBy: (r.deleted_by as string | null) ?? null,
    trashId: (r.trash_id as string | null) ?? null,
  };
}

/**
 * Objects of a folder (or of the top level), filtered, searched, sorted and paged. Folders come first.
 * Top level: `own` = the caller's, `shared` = objects shared with the caller, `all` = both. With `search`
 * the whole tree below `root` (or all the caller's objects) is searched, case-insensitively; `recursive` lists
 * that whole tree without a search.
 */
export async function listObjects(db: Db, userId: string, input: ListObjectsInput) {
  const filters: SQL[] = [];
  if (input.type) filters.push(sql`o.type = ${input.type}`);
  if (input.kind) filters.push(sql`o.kind = ${input.kind}`);
  const search = input.search?.trim();
  if (search) filters.push(sql`o.search_name like ${likePattern(search)} escape '\\'`);
  const deep = Boolean(search) || input.recursive === true;

  let from: SQL;
  let inherited: FileAccess | null = null;
  if (input.root) {
    const folder = await resolveObject(db, userId, input.root, 'read');
    inherited = folder.access;
    if (folder.row.kind !== 'folder') return { objects: [], total: 0 };
    from = deep
      ? sql`(with recursive tree as (
                select id, 0 as depth from files_objects where parent_id = ${input.root}
                union all
                select c.id, t.depth + 1 from files_objects c join tree t on c.parent_id = t.id where t.depth < 256
             ) select o.* from files_objects o join tree t on t.id = o.id where o.trash_id is null) o`
      : sql`(select * from files_objects where parent_id = ${input.root} and trash_id is null) o`;
  } else {
    const own = deep
      ? sql`select * from files_objects where owner_id = ${userId} and trash_id is null`
      : sql`select * from files_objects where owner_id = ${userId} and parent_id is null and trash_id is null`;
    const shared = sql`select f.* from files_objects f
                        where f.owner_id <> ${userId} and f.trash_id is null
                          and exists (select 1 from files_shares s where s.object_id = f.id and s.user_id = ${userId})`;
    from =
      input.scope === 'own' ? sql`(${own}) o` : input.scope === 'shared' ? sql`(${shared}) o` : sql`(${own} union all ${shared}) o`;
  }
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const [count] = await rows<{ total: string | number }>(db, sql`select count(*) as total from ${from} ${where}`);
  const found = await rows<Row>(
    db,
    sql`select o.*, s.access as share from ${from}
          left join files_shares s on s.object_id = o.id and s.user_id = ${userId}
          ${where}
         order by (o.kind = 'folder') desc, ${ORDER[input.sort]}
         limit ${input.limit} offset ${input.offset}`,
  );
  const objects = found.map((r) => {
    const row = rowOf(r);
    const own: FileAccess | null = row.ownerId === userId ? 'owner' : null;
    const share = r.share === 'edit' || r.share === 'read' ? r.share : null;
    // Found by a search below root: the folder's right is inherited (a deeper share may only add to it).
    const access = own ?? better(better(inherited, share), row.mode === 'public' ? 'read' : null) ?? 'read';
    return toWire(row, access);
  });
  return { objects, total: Number(count?.total ?? 0) };
}

export const listObjectsCall = defineCall({
  input: listObjectsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return listObjects(ctx.db, user.id, input);
  },
});
