import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PreparedQuery } from '@/lib/domain/search/query';

/**
 * How a source finds its rows, in one of two passes:
 * - `words`: full-text search — every query word must match a word of the row by its russian stem or as a
 *   prefix (`калькуляции` finds «Калькуляция», `себестоим` finds «Себестоимость»); ranked by ts_rank, plus
 *   2 for the whole title equal to the query, 1 for a title that starts with it, 0.5 when the words match as
 *   whole words (not only as prefixes);
 * - `typo`: when the words found nothing at all — trigram word similarity of the query to the title
 *   (pg_trgm `<%`, at least 0.6: «калкуляция» finds «Калькуляция»), ranked by that similarity.
 * Words reach the database only as bound parameters of letters and digits (see lib/domain/search/query.ts).
 */
export interface Match {
  pass: 'words' | 'typo';
  query: PreparedQuery;
  /** The row matches: `tsv` — its search words, `text` — its title as `search_norm` gives it. */
  hit(tsv: SQL, text: SQL): SQL;
  /** The row's rank (float8), higher first. */
  rank(tsv: SQL, text: SQL): SQL;
}

export function wordsMatch(query: PreparedQuery): Match {
  // Scalar subqueries: made once per statement even where a prepared statement's plan does not know the words.
  const tsq = sql`(select ${sql.join(
    query.words.map((w) => sql`(to_tsquery('russian'::regconfig, ${`${w}:*`}) || to_tsquery('simple'::regconfig, ${`${w}:*`}))`),
    sql` && `,
  )})`;
  const whole = sql`(select plainto_tsquery('russian'::regconfig, ${query.words.join(' ')}))`;
  return {
    pass: 'words',
    query,
    hit: (tsv) => sql`${tsv} @@ (${tsq})`,
    rank: (tsv, text) =>
      sql`(ts_rank(${tsv}, ${tsq})
            + case when ${text} = ${query.text} then 2 when starts_with(${text}, ${query.text}) then 1 else 0 end
            + case when ${tsv} @@ ${whole} then 0.5 else 0 end)::float8`,
  };
}

export function typoMatch(query: PreparedQuery): Match {
  return {
    pass: 'typo',
    query,
    hit: (_tsv, text) => sql`${query.text} <% ${text}`,
    rank: (_tsv, text) => sql`word_similarity(${query.text}, ${text})::float8`,
  };
}
