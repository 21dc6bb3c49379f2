-- A folder's page of listObjects (the list every documents and specifications page opens) as a PL/pgSQL
-- function, so that its statement is planned once per connection: the embedded PGlite spent a quarter of the
-- call planning it. The same answer as the general statement of lib/server/services/files/list-objects.ts for
-- a folder without search or recursion: the folder's access chain (with the caller's direct share on each
-- link), the page of its visible children (folders first, then p_sort: name, -name, updated_at, -updated_at,
-- size, -size, ties broken as there) as JSON arrays in the positions `wireOf` reads, and the total.
CREATE OR REPLACE FUNCTION files_list_folder(p_root text, p_user text, p_sort text, p_type text, p_kind text, p_meta boolean, p_limit int, p_offset bigint)
RETURNS TABLE (chain text, objects text, total bigint)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
  WITH RECURSIVE ch AS (
      select f.id, f.parent_id, f.owner_id, f.name, f.mode, f.kind, f.trash_id, 0 as depth from files_objects f where f.id = p_root
      union all
      select o.id, o.parent_id, o.owner_id, o.name, o.mode, o.kind, o.trash_id, c.depth + 1
        from files_objects o join ch c on o.id = c.parent_id where c.depth < 256),
    page as (
      select json_build_array(o.id, o.name, o.parent_id, o.mode, o.type, o.kind, o.upload_id, o.size, o.mime, o.sha256, o.version,
        o.owner_id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), to_char(o.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        case when o.owner_id = p_user then null else (select s.access from files_shares s where s.object_id = o.id and s.user_id = p_user) end,
        case when p_meta then o.metadata end) as item,
        row_number() over w as n, count(*) over () as cnt
      from files_objects o
      where o.parent_id = p_root and o.trash_id is null and (p_type is null or o.type = p_type) and (p_kind is null or o.kind = p_kind)
      window w as (order by (o.kind = 'folder') desc,
        case p_sort when 'name' then o.search_name end asc, case p_sort when '-name' then o.search_name end desc,
        case p_sort when 'updated_at' then o.updated_at end asc, case p_sort when '-updated_at' then o.updated_at end desc,
        case p_sort when 'size' then o.size end asc, case p_sort when '-size' then o.size end desc,
        case when p_sort in ('size', '-size') then o.search_name end asc,
        case when p_sort in ('-name', '-updated_at') then o.id end desc, o.id asc)
      order by n limit p_limit offset p_offset)
  SELECT (select json_agg(json_build_array(c.id, c.parent_id, c.owner_id, c.name, c.mode, c.kind, c.trash_id, c.depth,
              (select s.access from files_shares s where s.object_id = c.id and s.user_id = p_user)) order by c.depth) from ch c)::text,
         (select json_agg(p.item order by p.n) from page p)::text, (select max(p.cnt) from page p);
END
$$;
