import type { Metadata } from 'next';
import { ProcessSetsPage } from '@/components/business-processes/ProcessSetsPage';

export const metadata: Metadata = { title: 'Бизнес-процессы' };

export default async function Page({ params }: { params: Promise<{ setId?: string[] }> }) {
  const { setId } = await params;
  return <ProcessSetsPage setId={setId?.[0]} />;
}
