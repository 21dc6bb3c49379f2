import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { highlightRanges, type Range } from '@/lib/domain/search/highlight';
import type { PreparedQuery } from '@/lib/domain/search/query';
import type { Database, Db } from '../../db/client';
import { preparedRun, sessionOf } from '../../db/prepared';
import { transactionRows } from '../../db/batch';
import { analyzeGrown } from '../../db/analyze-grown';
import { typoMatch, wordsMatch, type Match } from './match';
import type { SearchSource, SourceRow } from './source';

export interface SearchItem {
  kind: string;
  id: string;
  title: string;
  subtitle: string;
  href: string;
  /** [start, end) ranges of `title` / `subtitle` that match the query (to be shown marked). */
  titleMarks: Range[];
  subtitleMarks: Range[];
}

export interface SearchGroup {
  kind: string;
  label: string;
  forms: readonly [string, string, string];
  icon: string;
  /** How many the caller may read match, of which `items` are the best `limit`. */
  total: number;
  items: SearchItem[];
}

type Driver = Database['driver'];

type Found = SourceRow & { kind: string; rank: number; total: string | number };

/**
 * The typo pass ranks at most this many similar rows of a kind (and counts no more): similarity is costly to
 * compute, and a mistyped query is after the few best.
 */
export const TYPO_CANDIDATES = 100;

/** The tables whose search indexes the search reads (their statistics decide whether the planner uses them). */
const SEARCHED_TABLES = ['files_objects', 'companies', 'custom_calculators', 'business_processes', 'education_lessons'];

/** One statement for all the sources: each ranked in its kind, the best `limit` of each, with the kind's count. */
export function foundStatement(sources: readonly SearchSource[], m: Match, userId: string, limit: number): SQL {
  const cap = m.pass === 'typo' ? sql` limit ${TYPO_CANDIDATES}` : sql``;
  const union = sql.join(
    sources.map((s) => sql`(select ${s.kind}::text as kind, r.* from (${s.rows(m, userId)}) r${cap})`),
    sql` union all `,
  );
  const statement = sql`select x.kind, x.id, x.title, x.subtitle, x.ref, x.rank, x.total, f.name as folder_name
          from (select h.*, row_number() over (partition by h.kind order by h.rank desc, h.title, h.id) as n,
                       count(*) over (partition by h.kind) as total
                  from (${union}) h) x
          left join files_objects f on f.id = x.folder
         where x.n <= ${limit}
         order by x.kind, x.n`;
  return statement;
}

async function found(db: Db, driver: Driver, sources: readonly SearchSource[], m: Match, userId: string, limit: number): Promise<Found[]> {
  const statement = foundStatement(sources, m, userId, limit);
  // The planner's defaults misjudge this statement on a user with many rows: it would read all their rows and
  // test each (a sequential scan, or the owner's part of an index) because it prices a text-search or trigram
  // test like a comparison of numbers. In this statement's transaction only: no sequential scan where an index
  // serves, and operators priced nearer to what those tests cost — the search indexes find the candidates.
  // The settings and the statement go as one transaction in one call (the embedded database: one message).
  const settings = sql`select set_config('enable_seqscan', 'off', true), set_config('cpu_operator_cost', '0.05', true),
                              set_config('plan_cache_mode', 'force_generic_plan', true)`;
  if (driver !== 'pglite') return (await transactionRows(db, [settings, statement])).at(-1) as Found[];
  const prepared = preparedRun(sessionOf(db), statement);
  try {
    return (await transactionRows(db, [settings, ...prepared.statements])).at(-1) as Found[];
  } catch (err) {
    await prepared.failed(db);
    throw err;
  }
}

/** The typo pass runs when the words pass found fewer than this many objects (of all kinds). */
export const TYPO_BELOW = 5;

/**
 * Each kind's words hits first, then its typo hits that the words did not find, at most `limit`; the count is
 * the words' count plus those new typo hits (the typo pass counts at most `TYPO_CANDIDATES`).
 */
function withTypos(words: Found[], typos: Found[], limit: number): Found[] {
  const key = (h: Found) => `${h.kind}\u0000${h.ref}\u0000${h.id}`;
  const seen = new Set(words.map(key));
  const kinds = [...new Set([...words, ...typos].map((h) => h.kind))];
  return kinds.flatMap((kind) => {
    const mine = words.filter((h) => h.kind === kind);
    const theirs = typos.filter((h) => h.kind === kind);
    const added = theirs.filter((h) => !seen.has(key(h)));
    const total = Number(mine[0]?.total ?? 0) + Math.max(0, Number(theirs[0]?.total ?? 0) - (theirs.length - added.length));
    // A similarity is at most 1 and a words rank at least 0: a typo hit ranks below every words hit.
    return [...mine, ...added.map((h) => ({ ...h, rank: Number(h.rank) - 1 }))].slice(0, limit).map((h) => ({ ...h, total }));
  });
}

/**
 * Runs the query through the sources: the words pass, and — when it found fewer than `TYPO_BELOW` objects and
 * the query is not a number — the typo pass after it (a mistyped word may still match a word of some lesson's text).
 * Groups come best rank first (a tie keeps the sources' order); items best first within a group.
 */
export async function runSearch(db: Db, driver: Driver, sources: readonly SearchSource[], query: PreparedQuery, userId: string, limit: number): Promise<SearchGroup[]> {
  await Promise.all(sources.map((s) => s.prepare?.(db)));
  await analyzeGrown(db, SEARCHED_TABLES);
  let hits = await found(db, driver, sources, wordsMatch(query), userId, limit);
  const wordsTotal = sources.reduce((n, s) => n + Number(hits.find((h) => h.kind === s.kind)?.total ?? 0), 0);
  // A number is never a mistyped word: «2027» would find «Договоры 2026».
  if (wordsTotal < TYPO_BELOW && !query.digits) hits = withTypos(hits, await found(db, driver, sources, typoMatch(query), userId, limit), limit);
  const groups: (SearchGroup & { best: number; order: number })[] = [];
  sources.forEach((source, order) => {
    const mine = hits.filter((h) => h.kind === source.kind);
    if (mine.length === 0) return;
    const items = mine.map((h): SearchItem => {
      const { href, subtitle } = source.present(h);
      return {
        kind: source.kind,
        id: h.id,
        title: h.title,
        subtitle,
        href,
        titleMarks: highlightRanges(h.title, query),
        // The second line is where the object lives (a folder, a course…) and is not searched, but for the
        // digits of ИНН / ОГРН a number query finds.
        subtitleMarks: highlightRanges(subtitle, { ...query, words: [] }),
      };
    });
    groups.push({
      kind: source.kind,
      label: source.label,
      forms: source.forms,
      icon: source.icon,
      total: Number(mine[0]!.total),
      items,
      best: Math.max(...mine.map((h) => Number(h.rank))),
      order,
    });
  });
  groups.sort((a, b) => b.best - a.best || a.order - b.order);
  return groups.map(({ best: _best, order: _order, ...g }) => g);
}
