-- Every VAT rate a form offers is a dated row with its article of the tax code: the reduced 10 % (п. 2 ст. 164
-- НК РФ) and the zero rate (п. 1 ст. 164 НК РФ), in force since chapter 21 of the code took effect.
INSERT INTO "rates" ("kind", "effective_from", "value", "source") VALUES
('vat_reduced', '2001-01-01', '"10"', 'п. 2 ст. 164 НК РФ (Федеральный закон от 05.08.2000 № 118-ФЗ)'),
('vat_zero', '2001-01-01', '"0"', 'п. 1 ст. 164 НК РФ (Федеральный закон от 05.08.2000 № 118-ФЗ)');
