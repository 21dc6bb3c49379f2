-- A price not subject to VAT («без НДС», vat_rate 'none') is never «с НДС»: a price list whose «цены с НДС» switch
-- was on wrote such rows with vat_included, and a specification line then took the VAT out of a price that has
-- none. The price figure stays as the supplier gave it; only the flag is put right.
UPDATE "catalog_prices" SET "vat_included" = false WHERE "vat_rate" = 'none' AND "vat_included";
--> statement-breakpoint
-- The preview row keeps the VAT basis of the supplier's current price beside its figure: 35,50 without VAT and 35,50
-- with 22 % are different prices, compared by their amounts without VAT.
ALTER TABLE "catalog_import_rows" ADD COLUMN "old_vat_included" boolean;--> statement-breakpoint
ALTER TABLE "catalog_import_rows" ADD COLUMN "old_vat_rate" text;
