import type { Metadata } from 'next';
import { OrderSummary } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Заказ' };

export default async function Page({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const value = (await searchParams).id;
  return <OrderSummary id={typeof value === 'string' ? value : undefined} />;
}
