ALTER TABLE "files_objects" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "files_objects" ADD COLUMN "deleted_by" text;--> statement-breakpoint
ALTER TABLE "files_objects" ADD COLUMN "trash_id" text;--> statement-breakpoint
-- The recycle bin (deleted_at, deleted_by, trash_id) and unique names in a folder (files_objects_name_uq).
-- Before the index can be made, objects that share a name in one folder (compared as search_name: lower
-- case, ё = е) are renamed: the oldest keeps its name, the others get « (2)», « (3)»… before the extension
-- of a file («отчёт.pdf» → «отчёт (2).pdf») or at the end of a folder's name.
DO $$
DECLARE
  r record;
  n integer;
  p integer;
  sp integer;
  cand text;
  scand text;
BEGIN
  FOR r IN
    SELECT d.id, d.owner_id, d.type, d.parent, d.name, d.search_name, d.kind
      FROM (SELECT o.id, o.owner_id, o.type, coalesce(o.parent_id, '') AS parent, o.name, o.search_name, o.kind, o.created_at,
                   row_number() OVER (PARTITION BY o.owner_id, o.type, coalesce(o.parent_id, ''), o.search_name
                                      ORDER BY o.created_at, o.id) AS rn
              FROM files_objects o) d
     WHERE d.rn > 1
     ORDER BY d.created_at, d.id
  LOOP
    -- The last dot, counted from the end (0 = none); a name that starts with its only dot has no extension.
    p := position('.' in reverse(r.name));
    sp := position('.' in reverse(r.search_name));
    IF r.kind <> 'file' OR p <= 1 OR p = length(r.name) OR sp <= 1 OR sp = length(r.search_name) THEN
      p := 0;
      sp := 0;
    END IF;
    n := 2;
    LOOP
      IF p = 0 THEN
        cand := r.name || ' (' || n || ')';
        scand := r.search_name || ' (' || n || ')';
      ELSE
        cand := left(r.name, length(r.name) - p) || ' (' || n || ')' || right(r.name, p);
        scand := left(r.search_name, length(r.search_name) - sp) || ' (' || n || ')' || right(r.search_name, sp);
      END IF;
      EXIT WHEN NOT EXISTS (
        SELECT 1 FROM files_objects f
         WHERE f.owner_id = r.owner_id AND f.type = r.type AND coalesce(f.parent_id, '') = r.parent AND f.search_name = scand
      );
      n := n + 1;
    END LOOP;
    UPDATE files_objects SET name = cand, search_name = scand WHERE id = r.id;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "files_objects_name_uq" ON "files_objects" USING btree ("owner_id","type",coalesce("parent_id", ''),"search_name") WHERE "files_objects"."trash_id" is null;--> statement-breakpoint
CREATE INDEX "files_objects_trash_idx" ON "files_objects" USING btree ("trash_id") WHERE "files_objects"."trash_id" is not null;--> statement-breakpoint
CREATE INDEX "files_objects_deleted_idx" ON "files_objects" USING btree ("deleted_at") WHERE "files_objects"."deleted_at" is not null;