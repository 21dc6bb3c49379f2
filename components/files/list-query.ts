import { call } from '@/lib/client/call';
import type { FileSort, FileType } from '@/lib/schemas/files';

export interface ListQuery {
  root: string | null;
  type: FileType;
  search: string;
  sort: FileSort;
  offset: number;
  limit: number;
  scope: 'own' | 'shared' | 'all';
}

/** Objects on one page of the list (table and tiles alike). */
export const PAGE = 100;

/** The query a list page starts with (its folder and category aside). */
export const FIRST_PAGE = { search: '', sort: 'name', offset: 0, limit: PAGE, scope: 'own' } as const satisfies Omit<ListQuery, 'root' | 'type'>;

/** The list pages (the file manager's routes) and the first page each asks for, by path. */
const LIST_ROUTES: { re: RegExp; type: ListQuery['type'] }[] = [
  { re: /^\/specifications(?:\/folder\/([^/]+))?\/?$/, type: 'specifications' },
  { re: /^\/documents(?:\/folder\/([^/]+))?\/?$/, type: 'documents' },
];

/** The first page's query of the list page at `pathname`, or null when it is not a list page. */
export function firstListQuery(pathname: string): ListQuery | null {
  for (const { re, type } of LIST_ROUTES) {
    const m = re.exec(pathname);
    if (!m) continue;
    let root: string | null = null;
    try {
      root = m[1] ? decodeURIComponent(m[1]) : null;
    } catch {
      return null;
    }
    return { ...FIRST_PAGE, root, type };
  }
  return null;
}

/** One page of a folder's (or a category's top level) objects: `listObjects`. */
export const listPage = (q: ListQuery, signal?: AbortSignal) =>
  call(
    'files',
    'listObjects',
    { root: q.root, type: q.root ? undefined : q.type, search: q.search || undefined, sort: q.sort, offset: q.offset, limit: q.limit, scope: q.root ? undefined : q.scope },
    { signal },
  );
