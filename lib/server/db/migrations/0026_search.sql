-- Search: trigram similarity (pg_trgm, a trusted extension: the database owner may create it) and search_norm —
-- lower case, «ё» → «е», `_ . / \` → spaces, Cyrillic capitals mapped by translate so no collation is involved.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_norm(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(t), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё_./\', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе    ')
$$;--> statement-breakpoint
ALTER TABLE "files_objects" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, search_norm("files_objects"."name")), 'A') || setweight(to_tsvector('simple'::regconfig, search_norm("files_objects"."name")), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, search_norm("companies"."short_name" || ' ' || "companies"."full_name")), 'A') || setweight(to_tsvector('simple'::regconfig, search_norm("companies"."short_name" || ' ' || "companies"."full_name")), 'A') || setweight(to_tsvector('simple'::regconfig, "companies"."inn" || ' ' || "companies"."ogrn"), 'B')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_calculators" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, search_norm("custom_calculators"."name")), 'A') || setweight(to_tsvector('simple'::regconfig, search_norm("custom_calculators"."name")), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "business_processes" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, search_norm("business_processes"."name")), 'A') || setweight(to_tsvector('simple'::regconfig, search_norm("business_processes"."name")), 'A')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "education_lessons" ADD COLUMN "search_tsv" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('russian'::regconfig, search_norm("education_lessons"."title")), 'A') || setweight(to_tsvector('simple'::regconfig, search_norm("education_lessons"."title")), 'A') || setweight(to_tsvector('russian'::regconfig, search_norm("education_lessons"."body")), 'B') || setweight(to_tsvector('simple'::regconfig, search_norm("education_lessons"."body")), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "files_objects_search_tsv_idx" ON "files_objects" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "files_objects_search_trgm_idx" ON "files_objects" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_search_tsv_idx" ON "companies" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin (search_norm("short_name" || ' ' || "full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_calculators_search_tsv_idx" ON "custom_calculators" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "custom_calculators_search_trgm_idx" ON "custom_calculators" USING gin (search_norm("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "business_processes_search_tsv_idx" ON "business_processes" USING gin ("search_tsv");--> statement-breakpoint
CREATE INDEX "business_processes_search_trgm_idx" ON "business_processes" USING gin (search_norm("name") gin_trgm_ops);