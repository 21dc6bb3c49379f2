/**
 * The search query as the server runs it: cut, normalised and split into words before any database work.
 * Only letters and digits survive into `words`, so the characters of the full-text query syntax
 * (& | ! : * ( ) ' \ < - …) can never reach the database as syntax.
 */

/** Longer queries are cut to this many characters. */
export const QUERY_MAX = 200;
/** Shorter (normalised) queries find nothing and never reach the database. */
export const QUERY_MIN = 2;
/** Words after the first few add nothing to a search box query; they are dropped. */
const WORDS_MAX = 8;
/** A run of digits this long in a digits-only query is looked up inside ИНН / ОГРН. */
const DIGITS_MIN = 3;

export interface PreparedQuery {
  /** The query lower-cased, «ё» → «е», spaces collapsed (compared with the names). */
  text: string;
  /** Its words: letters and digits only, at most 8. */
  words: string[];
  /** All its digits when the query is a number (digits, spaces, dashes only), else null. */
  digits: string | null;
}

/** One character lower-cased (when that keeps its length) with «ё» → «е»: positions stay those of the source. */
const foldChar = (c: string): string => {
  const lower = c.toLowerCase();
  const kept = lower.length === c.length ? lower : c;
  return kept === 'ё' ? 'е' : kept;
};

/** Lower case and «ё» → «е», character by character, so an index in the result is an index in `text`. */
export const foldText = (text: string): string => Array.from(text, foldChar).join('');

/** The query ready to run, or null when it cannot find anything (empty, one character, no letters or digits). */
export function prepareQuery(raw: string): PreparedQuery | null {
  const text = foldText(raw.normalize('NFC').slice(0, QUERY_MAX)).replace(/\s+/gu, ' ').trim();
  if (text.length < QUERY_MIN) return null;
  const words = (text.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, WORDS_MAX);
  if (words.length === 0) return null;
  const onlyDigits = /^[\d\s\-–—]+$/u.test(text) ? text.replace(/\D/g, '') : '';
  return { text, words, digits: onlyDigits.length >= DIGITS_MIN ? onlyDigits : null };
}
