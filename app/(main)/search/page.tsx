import type { Metadata } from 'next';
import { SearchPage } from '@/components/search/SearchPage';

export const metadata: Metadata = { title: 'Поиск' };

const first = (v: string | string[] | undefined): string => (Array.isArray(v) ? (v[0] ?? '') : (v ?? ''));

/** `/search?q=…&kind=…`: all the results of a query, with filters by kind. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const q = first(params.q);
  return <SearchPage key={q} initialQuery={q} initialKind={first(params.kind)} />;
}
