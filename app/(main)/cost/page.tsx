import type { Metadata } from 'next';
import { CostPage } from '@/components/cost/CostPage';

export const metadata: Metadata = { title: 'Себестоимость' };

export default async function Page({ searchParams }: { searchParams: Promise<{ spec?: string }> }) {
  const { spec } = await searchParams;
  return <CostPage initialSpecId={typeof spec === 'string' ? spec : undefined} />;
}
