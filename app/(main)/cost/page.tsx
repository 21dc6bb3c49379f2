import type { Metadata } from 'next';
import { CostPage } from '@/components/cost/CostPage';

export const metadata: Metadata = { title: 'Себестоимость' };

/** The query string carries the calculation (`?spec=…&company=…&batch=…`, see components/cost/url-params.ts). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = await searchParams;
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') query.set(k, v);
  return <CostPage initialQuery={query.toString()} />;
}
