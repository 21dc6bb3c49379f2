-- A price not subject to VAT («без НДС», vat_rate 'none') is never «с НДС»: a price list whose «цены с НДС» switch
-- was on wrote such rows with vat_included, and a specification line then took the VAT out of a price that has
-- none. The price figure stays as the supplier gave it; only the flag is put right.
UPDATE "catalog_prices" SET "vat_included" = false WHERE "vat_rate" = 'none' AND "vat_included";
