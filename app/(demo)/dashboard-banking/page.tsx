import type { Metadata } from 'next';
import { BankingDashboard } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Банковская панель' };

export default function Page() {
  return <BankingDashboard />;
}
