import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { Match } from '../match';

/**
 * File-manager objects the caller may read and the search may list — the rule `listObjects` lists by: the
 * caller's own objects and what is shared with them (an object shared directly, and everything inside a folder
 * shared with them), never what is in the recycle bin, never avatars. Someone else's public object is readable
 * by its link only and is not listed, so it is not found either. `where` narrows by type and kind.
 *
 * Own objects and shared ones are two parts of a `union all`: the own part is looked up in the search indexes
 * led by the owner (only the caller's rows are read), the shared part among the few objects shared with them.
 *
 * Columns: id, title, subtitle (''), ref (`<type>:own` or `<type>:shared`), folder (own objects: the parent), rank.
 */
export function visibleFiles(m: Match, userId: string, where: SQL): SQL {
  const tsv = sql`o.search_tsv`;
  const text = sql`o.search_name`;
  const found = sql`o.trash_id is null and o.type <> 'avatars' and ${where} and ${m.hit(tsv, text)}`;
  return sql`select o.id, o.name as title, '' as subtitle, o.type || ':own' as ref, o.parent_id as folder, ${m.rank(tsv, text)} as rank
               from files_objects o
              where o.owner_id = ${userId} and ${found}
             union all
             select o.id, o.name, '', o.type || ':shared', null::text, ${m.rank(tsv, text)}
               from files_objects o
              where o.owner_id <> ${userId} and ${found}
                and o.id in (with recursive shared as (
                               select s.object_id as id, 0 as depth from files_shares s where s.user_id = ${userId}
                               union all
                               select c.id, sh.depth + 1 from files_objects c join shared sh on c.parent_id = sh.id
                                where sh.depth < 256
                             ) select id from shared)`;
}

/** The second line of a file-manager item: its folder, else where it lives. */
export function placeOf(row: { ref: string; folder_name: string | null }, top: string): string {
  if (row.folder_name) return `Папка «${row.folder_name}»`;
  return row.ref.endsWith(':shared') ? 'Доступно вам' : top;
}

export const typeOf = (ref: string): string => ref.split(':')[0] ?? '';
