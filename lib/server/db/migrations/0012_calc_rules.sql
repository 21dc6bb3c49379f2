-- Calculator rules that are dated data, not code constants (issue 7; reference/domain.md §2, §4): the shares
-- of the key rate for tax penalties and late salary, the 29,3 days of leave pay, the sick-leave rules, the УСН
-- limits and terms, the НДФЛ child deductions. ⚠ rows marked «general knowledge» were not checked against an
-- official source: re-check before release. New decisions are new rows (admin screen), never edits of this file.
INSERT INTO "rates" ("kind", "effective_from", "value", "source") VALUES
('penalty_fractions', '2022-03-09', '{"organization":[{"fromDay":1,"denominator":300}],"individual":[{"fromDay":1,"denominator":300}]}', 'п. 4 ст. 75 НК; мораторий на 1/150 для организаций с 09.03.2022 (67-ФЗ от 26.03.2022), продлевался до 31.12.2025 (general knowledge ⚠)'),
('penalty_fractions', '2026-01-01', '{"organization":[{"fromDay":1,"denominator":300},{"fromDay":31,"denominator":150},{"fromDay":91,"denominator":300}],"individual":[{"fromDay":1,"denominator":300}]}', 'пп. 4, 5.1 ст. 75 НК (425-ФЗ от 28.11.2025) — klerk.ru/buh/news/673668; ruzaregion.ru (ФНС)'),
('salary_delay_denominator', '2016-10-03', '"150"', 'ст. 236 ТК РФ (272-ФЗ от 03.07.2016; дата — general knowledge ⚠)'),
('vacation_average_days', '2014-04-02', '"29.3"', 'ст. 139 ТК РФ (55-ФЗ от 02.04.2014; дата — general knowledge ⚠) — news.mail.ru/society/69514937'),
('sick_leave_rules', '2021-01-01', '{"periodDays":"730","mrotMonths":"24","employerDays":3,"shortRecordYears":"0.5","shares":[{"fromYears":"0","pct":"60"},{"fromYears":"5","pct":"80"},{"fromYears":"8","pct":"100"}]}', 'ч. 2 ст. 3, ст. 7, ч. 1.1, 3 ст. 14 255-ФЗ — news.mail.ru/society/69631952 (дата — general knowledge ⚠)'),
('usn_contribution_limits', '2016-01-01', '{"withoutEmployeesPct":"100","withEmployeesPct":"50"}', 'п. 3.1 ст. 346.21 НК (дата — general knowledge ⚠)'),
('usn_payment_terms', '2023-01-01', '{"advances":["04-28","07-28","10-28"],"organization":"03-28","entrepreneur":"04-28"}', 'п. 7 ст. 346.21, ст. 346.19 НК (263-ФЗ от 14.07.2022; general knowledge ⚠); срок, выпавший на выходной, переносится (п. 7 ст. 6.1 НК)'),
('ndfl_child_deductions', '2016-01-01', '{"first":"1400","second":"1400","third":"3000","disabled":"12000","incomeLimit":"350000"}', 'пп. 4 п. 1 ст. 218 НК (317-ФЗ от 30.11.2016; general knowledge ⚠)'),
('ndfl_child_deductions', '2025-01-01', '{"first":"1400","second":"2800","third":"6000","disabled":"12000","incomeLimit":"450000"}', 'пп. 4 п. 1 ст. 218 НК (176-ФЗ от 12.07.2024; general knowledge ⚠)');
