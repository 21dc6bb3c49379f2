/**
 * Matching price-list rows to catalogue items: by article exactly, then by the normalised name (case, «ё»,
 * punctuation and spacing do not count; the words in any order), then fuzzily by trigram similarity (Dice
 * coefficient of the names' trigram sets), lowered when the names' sizes differ or both have articles that differ.
 * A fuzzy match at or above `UNCERTAIN_MIN` is offered for review («uncertain»); below it the row has no match (a
 * new item).
 */

export const UNCERTAIN_MIN = 0.5;

export interface MatchTarget {
  id: string;
  name: string;
  article: string;
}

export interface Match {
  itemId: string;
  /** 1 = article or the same normalised name; otherwise the similarity in (0, 1). */
  score: number;
  by: 'article' | 'name' | 'fuzzy';
}

/**
 * A name for comparing: lower case, «ё» = «е», «×»/«х»/«x» between digits = «x», decimal comma = point, a number
 * apart from the letters next to it («16мм» = «16 мм»), other punctuation = space.
 */
export function normalizeName(s: string): string {
  return s
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/(\d)\s*[×хx*]\s*(?=\d)/g, '$1x')
    .replace(/(\d),(?=\d)/g, '$1.')
    .replace(/(\d)(?=[^\d\s.x])/gu, '$1 ')
    .replace(/([^\d\s.x])(?=\d)/gu, '$1 ')
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .replace(/(^|\s)\.+|\.+(?=\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An article for comparing: upper case, no spaces, dashes or dots. */
export const normalizeArticle = (s: string): string => s.toUpperCase().replace(/ё/gi, 'Е').replace(/[\s\-–—._/]+/g, '');

const tokenKey = (norm: string) => norm.split(' ').filter(Boolean).sort().join(' ');

/** The trigram set of a normalised name (each word padded as pg_trgm does). */
export function trigrams(norm: string): Set<string> {
  const out = new Set<string>();
  for (const w of norm.split(' ')) {
    if (!w) continue;
    const p = `  ${w} `;
    for (let i = 0; i + 3 <= p.length; i++) out.add(p.slice(i, i + 3));
  }
  return out;
}

/** Dice similarity of two trigram sets, in [0, 1]. */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (!a.size || !b.size) return 0;
  let shared = 0;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const t of small) if (big.has(t)) shared++;
  return (2 * shared) / (a.size + b.size);
}

/** The numbers of a normalised name («лдсп 16 мм 2800x2070» → 16, 2800x2070): its sizes. */
const numbersOf = (norm: string): Set<string> => new Set(norm.split(' ').filter((w) => /\d/.test(w)));

/** Sizes that contradict: both names have some and neither's are all among the other's (16 and 16, 2800x2070 agree). */
function otherSizes(a: Set<string>, b: Set<string>): boolean {
  if (!a.size || !b.size) return false;
  const within = (x: Set<string>, y: Set<string>) => [...x].every((n) => y.has(n));
  return !within(a, b) && !within(b, a);
}

/** How far a fuzzy score drops when the names' sizes differ (ЛДСП 18 мм is not ЛДСП 16 мм at 95 %). */
export const SIZE_PENALTY = 0.5;
/** …and when both have an article and the articles differ (another product of the supplier's list). */
export const ARTICLE_PENALTY = 0.5;

/** The factor of a fuzzy score between a row and an item: 1, or lower for other sizes and another article. */
function penalty(rowArticle: string, rowNumbers: Set<string>, item: MatchTarget, itemNumbers: Set<string>): number {
  let f = 1;
  if (otherSizes(rowNumbers, itemNumbers)) f *= SIZE_PENALTY;
  const itemArticle = normalizeArticle(item.article);
  if (rowArticle && itemArticle && rowArticle !== itemArticle) f *= ARTICLE_PENALTY;
  return f;
}

/**
 * An index over the items for matching many rows: lookups by article and name are O(1), fuzzy by a trigram index.
 * Items are added in parts (`add`), so a caller indexing many can let other work run between the parts.
 */
export function createMatcher() {
  const items: MatchTarget[] = [];
  const byArticle = new Map<string, string>();
  const byName = new Map<string, string>();
  const byTokens = new Map<string, string>();
  const grams: Set<string>[] = [];
  const numbers: Set<string>[] = [];
  const postings = new Map<string, number[]>();

  function add(part: readonly MatchTarget[]) {
    for (const it of part) {
      const i = items.push(it) - 1;
      const art = normalizeArticle(it.article);
      if (art && !byArticle.has(art)) byArticle.set(art, it.id);
      const norm = normalizeName(it.name);
      if (!byName.has(norm)) byName.set(norm, it.id);
      const tk = tokenKey(norm);
      if (!byTokens.has(tk)) byTokens.set(tk, it.id);
      const g = trigrams(norm);
      grams.push(g);
      numbers.push(numbersOf(norm));
      for (const t of g) {
        let list = postings.get(t);
        if (!list) postings.set(t, (list = []));
        list.push(i);
      }
    }
  }

  function match(row: { article?: string; name: string }): Match | null {
    // Trigrams found in very many items say little and cost much: they are skipped when counting candidates.
    const common = Math.max(200, Math.ceil(items.length / 5));
    const art = row.article ? normalizeArticle(row.article) : '';
    if (art) {
      const id = byArticle.get(art);
      if (id) return { itemId: id, score: 1, by: 'article' };
    }
    const norm = normalizeName(row.name);
    if (!norm) return null;
    const exact = byName.get(norm) ?? byTokens.get(tokenKey(norm));
    if (exact) return { itemId: exact, score: 1, by: 'name' };
    const g = trigrams(norm);
    const counts = new Map<number, number>();
    for (const t of g) {
      const list = postings.get(t);
      if (!list || list.length > common) continue;
      for (const i of list) counts.set(i, (counts.get(i) ?? 0) + 1);
    }
    let best = -1;
    let bestScore = 0;
    const nums = numbersOf(norm);
    for (const i of counts.keys()) {
      const s = similarity(g, grams[i]!) * penalty(art, nums, items[i]!, numbers[i]!);
      if (s > bestScore || (s === bestScore && best >= 0 && items[i]!.id < items[best]!.id)) {
        best = i;
        bestScore = s;
      }
    }
    if (best < 0 || bestScore < UNCERTAIN_MIN) return null;
    return { itemId: items[best]!.id, score: Math.round(bestScore * 1000) / 1000, by: 'fuzzy' };
  }

  return { add, match };
}

/** A matcher over all the items at once (see `createMatcher`). */
export function buildMatcher(items: readonly MatchTarget[]) {
  const m = createMatcher();
  m.add(items);
  return m.match;
}
