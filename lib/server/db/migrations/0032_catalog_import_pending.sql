-- Items a price list creates carry its id, as its price rows do: while the import is applied (state `applying`)
-- its rows are written in short transactions and no reader sees them; the last one makes them visible.
ALTER TABLE "catalog_items" ADD COLUMN "import_id" uuid;--> statement-breakpoint
CREATE INDEX "catalog_items_import_idx" ON "catalog_items" USING btree ("import_id") WHERE "catalog_items"."import_id" is not null;