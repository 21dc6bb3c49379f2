import type { Metadata } from 'next';
import { CatalogPage } from '@/components/catalog/CatalogPage';

export const metadata: Metadata = { title: 'Номенклатура' };

/** `/catalog`; `?item=…` opens that item's card, `?tab=work` the work centres. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { item, tab } = await searchParams;
  return <CatalogPage openItemId={typeof item === 'string' && item ? item : undefined} tab={tab === 'work' ? 'work' : undefined} />;
}
