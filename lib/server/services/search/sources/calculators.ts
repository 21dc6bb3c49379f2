import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { CALCULATOR_META } from '@/lib/domain/calculators/meta';
import type { Db } from '../../../db/client';
import { rows } from '../../../db/rows';
import { searchWords } from '../../../db/schema/search';
import type { SearchSource } from '../source';

/**
 * The catalogue's search words — titles (A), groups and descriptions (B) — as the database makes them for a
 * stored row. The catalogue is code: its words are made once per process (`prepare`) and then sent with each
 * query as `tsvector` text instead of being made again for every query.
 */
let catalogueWords: Map<string, string> | null = null;

const catalogueTsv = (title: SQL, grp: SQL, description: SQL): SQL =>
  sql`${searchWords(title)} || ${searchWords(sql`${grp} || ' ' || ${description}`, 'B')}`;

async function prepareCatalogue(db: Db): Promise<void> {
  if (catalogueWords) return;
  const values = sql.join(CALCULATOR_META.map((c) => sql`(${c.id}, ${c.title}, ${c.group}, ${c.description})`), sql`, `);
  const found = await rows<{ id: string; tsv: string }>(
    db,
    sql`select v.id, (${catalogueTsv(sql`v.title`, sql`v.grp`, sql`v.description`)})::text as tsv
          from (values ${values}) as v(id, title, grp, description)`,
  );
  catalogueWords = new Map(found.map((r) => [r.id, r.tsv]));
}

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
  prepare: prepareCatalogue,
  rows: (m, userId) => {
    const values = sql.join(
      CALCULATOR_META.map((c) => {
        const made = catalogueWords?.get(c.id);
        return sql`(${c.id}, ${c.title}, ${c.group}, ${made === undefined ? catalogueTsv(sql`${c.title}::text`, sql`${c.group}::text`, sql`${c.description}::text`) : sql`${made}::tsvector`})`;
      }),
      sql`, `,
    );
    const tsv = sql`b.tsv`;
    const text = sql`search_norm(b.title)`;
    const ctsv = sql`u.search_tsv`;
    const ctext = sql`search_norm(u.name)`;
    return sql`select b.id, b.title, b.grp as subtitle, 'builtin' as ref, null::text as folder, ${m.rank(tsv, text)} as rank
                 from (values ${values}) as b(id, title, grp, tsv)
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
