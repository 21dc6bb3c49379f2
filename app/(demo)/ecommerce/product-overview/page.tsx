import type { Metadata } from 'next';
import { ProductOverview } from '@/components/demo/shop/ProductOverview';

export const metadata: Metadata = { title: 'Карточка товара' };

export default async function Page({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const value = (await searchParams).id;
  return <ProductOverview id={typeof value === 'string' ? value : undefined} />;
}
