import 'server-only';
import { sql } from 'drizzle-orm';
import { CALCULATOR_META } from '@/lib/domain/calculators/meta';
import { searchWords } from '../../../db/schema/search';
import type { SearchSource } from '../source';

/**
 * Calculators: the catalogue (the same for everyone; its titles and descriptions are matched as the database
 * would match a stored row) and the caller's own custom calculators (a custom calculator shared by a link is
 * reached through the link, as before, and is not listed).
 */
export const calculatorsSource: SearchSource = {
  kind: 'calculators',
  label: 'Калькуляторы',
  forms: ['калькулятор', 'калькулятора', 'калькуляторов'],
  icon: 'pi pi-calculator',
  rows: (m, userId) => {
    const catalogue = sql.join(
      CALCULATOR_META.map((c) => sql`(${c.id}, ${c.title}, ${c.group}, ${c.description})`),
      sql`, `,
    );
    const tsv = sql`b.tsv`;
    const text = sql`search_norm(b.title)`;
    const ctsv = sql`u.search_tsv`;
    const ctext = sql`search_norm(u.name)`;
    return sql`select b.id, b.title, b.grp as subtitle, 'builtin' as ref, null::text as folder, ${m.rank(tsv, text)} as rank
                 from (select v.id, v.title, v.grp,
                              ${searchWords(sql`v.title`)} || ${searchWords(sql`v.grp || ' ' || v.description`, 'B')} as tsv
                         from (values ${catalogue}) as v(id, title, grp, description)) b
                where ${m.hit(tsv, text)}
               union all
               select u.id, u.name, 'Мой калькулятор', 'custom', null::text, ${m.rank(ctsv, ctext)}
                 from custom_calculators u
                where u.owner_id = ${userId} and ${m.hit(ctsv, ctext)}`;
  },
  present: (row) => ({
    href: row.ref === 'custom' ? `/calculators/custom/${encodeURIComponent(row.id)}` : `/calculators/${encodeURIComponent(row.id)}`,
    subtitle: row.subtitle,
  }),
};
