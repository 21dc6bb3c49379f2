import 'server-only';
import { sql } from 'drizzle-orm';
import { companyTitle } from '../../../db/schema/companies';
import type { SearchSource } from '../source';

/**
 * The caller's companies (own and counterparties; a company belongs to one user) by name, and by the digits
 * of ИНН or ОГРН: a number query finds them anywhere inside («083893» finds ИНН 7707083893).
 */
export const companiesSource: SearchSource = {
  kind: 'companies',
  label: 'Компании',
  forms: ['компания', 'компании', 'компаний'],
  icon: 'pi pi-building',
  rows: (m, userId) => {
    const tsv = sql`c.search_tsv`;
    const title = companyTitle({ shortName: sql`c.short_name`, fullName: sql`c.full_name` });
    // The expression of the companies' trigram index, so a typo is looked up there.
    const text = sql`search_norm(${title})`;
    const d = m.pass === 'words' ? m.query.digits : null;
    const digitsHit = d ? sql` or strpos(c.inn, ${d}) > 0 or strpos(c.ogrn, ${d}) > 0` : sql``;
    const digitsRank = d
      ? sql` + case when c.inn = ${d} or c.ogrn = ${d} then 2 when strpos(c.inn, ${d}) = 1 or strpos(c.ogrn, ${d}) = 1 then 1
                   when strpos(c.inn, ${d}) > 0 or strpos(c.ogrn, ${d}) > 0 then 0.5 else 0 end`
      : sql``;
    return sql`select c.id::text as id, ${title} as title,
                      concat_ws(' · ', case when c.inn <> '' then 'ИНН ' || c.inn end, case when c.ogrn <> '' then 'ОГРН ' || c.ogrn end) as subtitle,
                      case when c.is_own then 'own' else '' end as ref, null::text as folder,
                      (${m.rank(tsv, text)}${digitsRank})::float8 as rank
                 from companies c
                where c.owner_id = ${userId} and (${m.hit(tsv, text)}${digitsHit})`;
  },
  present: (row) => ({
    href: `/companies?id=${encodeURIComponent(row.id)}`,
    subtitle: [row.ref === 'own' ? 'Своя компания' : '', row.subtitle].filter(Boolean).join(' · '),
  }),
};
