import { call } from '@/lib/client/call';
import type { CallOutput } from '@/lib/contract';
import { countOf } from '@/lib/domain/format/plural';

export type SearchAnswer = CallOutput<'product', 'search/query'>;
export type SearchGroup = SearchAnswer['groups'][number];
export type SearchItem = SearchGroup['items'][number];

/** The search call (docs/api.md, «Поиск»); answers typed by the server's call table. */
export const searchApi = {
  query: (q: string, limit: number, signal?: AbortSignal) => call('product', 'search/query', { q, limit }, { signal }),
};

/** The results page of a query (and of one kind). */
export const resultsHref = (q: string, kind?: string): string =>
  `/search?q=${encodeURIComponent(q)}${kind ? `&kind=${encodeURIComponent(kind)}` : ''}`;

/** «3 спецификации»: a group's count with its noun. */
export const countLabel = (n: number, forms: readonly string[]): string => countOf(n, [forms[0] ?? '', forms[1] ?? '', forms[2] ?? '']);
