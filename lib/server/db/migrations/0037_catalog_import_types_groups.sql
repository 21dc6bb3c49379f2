ALTER TABLE "catalog_groups" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD COLUMN "item_type" text;--> statement-breakpoint
CREATE INDEX "catalog_groups_import_idx" ON "catalog_groups" USING btree ("import_id") WHERE "catalog_groups"."import_id" is not null;