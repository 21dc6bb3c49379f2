-- Reduced VAT rates of УСН payers who chose them (п. 8 ст. 164 НК, 176-ФЗ от 12.07.2024), for the cost engine
-- (issue 6): a price under «УСН с НДС 5 %/7 %» takes the rate in force on the calculation date.
INSERT INTO "rates" ("kind", "effective_from", "value", "source") VALUES
('vat_usn_5', '2025-01-01', '"5"', 'п. 8 ст. 164 НК (176-ФЗ от 12.07.2024)'),
('vat_usn_7', '2025-01-01', '"7"', 'п. 8 ст. 164 НК (176-ФЗ от 12.07.2024)');
