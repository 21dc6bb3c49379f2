-- The items a price list created are found by their import_id (undo), not by a list of ids in the import: the last
-- transaction of an apply no longer writes 50 000 ids. Items of imports applied before take their import's id.
UPDATE "catalog_items" AS i SET "import_id" = m."id"
  FROM "catalog_imports" AS m, jsonb_array_elements_text(m."created_items") AS e(id)
  WHERE i."id" = e.id::uuid AND i."import_id" IS NULL;--> statement-breakpoint
ALTER TABLE "catalog_imports" DROP COLUMN "created_items";
