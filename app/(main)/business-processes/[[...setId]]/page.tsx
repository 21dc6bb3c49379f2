import type { Metadata } from 'next';
import { BusinessProcessesPage } from '@/components/business-processes/BusinessProcessesPage';

export const metadata: Metadata = { title: 'Бизнес-процессы' };

export default async function Page({ params }: { params: Promise<{ setId?: string[] }> }) {
  const { setId } = await params;
  return <BusinessProcessesPage setId={setId?.[0]} />;
}
