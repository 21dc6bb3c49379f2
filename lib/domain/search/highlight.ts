/**
 * What to mark in a found title: the parts that match the query's words, as [start, end) ranges of the
 * title's own characters. The database finds by stems, prefixes and trigrams; this repeats the judgement
 * word by word so the marks show why a line was found:
 * - a word that starts with a query word of 2 letters or more: the typed part («кальк» in «Калькуляция»);
 * - the same word in another form («калькуляции» → «Калькуляция»): the whole word;
 * - a word one or two letters off (a typo): the whole word;
 * - digits: the digits of a number query wherever they stand («083893» in «7707083893»).
 */
import { foldText, type PreparedQuery } from './query';

export type Range = [start: number, end: number];

const commonPrefix = (a: string, b: string): number => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};

/** Levenshtein distance, given up above `max` (words are short). */
function distanceWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      best = Math.min(best, cur[j]!);
    }
    if (best > max) return false;
    prev = cur;
  }
  return prev[b.length]! <= max;
}

/** How much of `word` the query word `q` marks: its length, or 0. A one-letter word marks nothing (it starts half the words). */
function marked(word: string, q: string): number {
  if (q.length < 2) return 0;
  if (word.startsWith(q)) return q.length;
  if (q.length < 3) return 0;
  // Another form of the same word: they differ only in the ending.
  if (commonPrefix(word, q) >= Math.max(3, Math.min(word.length, q.length) - 3)) return word.length;
  // A typo: one letter off in a short word, two in a long one.
  if (q.length >= 4 && distanceWithin(word, q, q.length >= 8 ? 2 : 1)) return word.length;
  return 0;
}

/** Merges overlapping or touching ranges, in order. */
function merge(ranges: Range[]): Range[] {
  const out: Range[] = [];
  for (const r of [...ranges].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** The ranges of `text` to mark for the query. */
export function highlightRanges(text: string, query: PreparedQuery): Range[] {
  const folded = foldText(text);
  const ranges: Range[] = [];
  for (const m of folded.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = m.index;
    let best = 0;
    for (const q of query.words) best = Math.max(best, marked(m[0], q));
    if (best > 0) ranges.push([start, start + best]);
  }
  if (query.digits) {
    // Digits as written in the text, spaces and dashes between them skipped.
    for (const m of folded.matchAll(/\d[\d\s-]*/g)) {
      const positions: number[] = [];
      for (let i = 0; i < m[0].length; i++) if (/\d/.test(m[0][i]!)) positions.push(m.index + i);
      const digits = positions.map((p) => folded[p]).join('');
      for (let at = digits.indexOf(query.digits); at >= 0; at = digits.indexOf(query.digits, at + 1)) {
        ranges.push([positions[at]!, positions[at + query.digits.length - 1]! + 1]);
      }
    }
  }
  return merge(ranges);
}
