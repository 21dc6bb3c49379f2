-- The search looks only in one user's rows: the owner becomes the first column of the search indexes, through
-- btree_gin (a trusted extension, as pg_trgm: the database owner may create it). Without fastupdate a new row goes
-- straight into the index: no pending list that every search would read in full (PGlite never vacuums) and that
-- would make the planner think the index too costly. Companies are matched for typos by the title they are shown
-- by (the short name, else the full one).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "files_objects_search_tsv_idx";--> statement-breakpoint
DROP INDEX "files_objects_search_trgm_idx";--> statement-breakpoint
DROP INDEX "companies_search_tsv_idx";--> statement-breakpoint
DROP INDEX "companies_search_trgm_idx";--> statement-breakpoint
DROP INDEX "custom_calculators_search_tsv_idx";--> statement-breakpoint
DROP INDEX "custom_calculators_search_trgm_idx";--> statement-breakpoint
DROP INDEX "business_processes_search_tsv_idx";--> statement-breakpoint
DROP INDEX "business_processes_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "files_objects_search_tsv_idx" ON "files_objects" USING gin ("owner_id","search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "files_objects_search_trgm_idx" ON "files_objects" USING gin ("owner_id","search_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "companies_search_tsv_idx" ON "companies" USING gin ("owner_id","search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "companies_search_trgm_idx" ON "companies" USING gin ("owner_id",search_norm(case when "short_name" <> '' then "short_name" else "full_name" end) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "custom_calculators_search_tsv_idx" ON "custom_calculators" USING gin ("owner_id","search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "custom_calculators_search_trgm_idx" ON "custom_calculators" USING gin ("owner_id",search_norm("name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "business_processes_search_tsv_idx" ON "business_processes" USING gin ("owner_id","search_tsv") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "business_processes_search_trgm_idx" ON "business_processes" USING gin ("owner_id",search_norm("name") gin_trgm_ops) WITH (fastupdate=false);