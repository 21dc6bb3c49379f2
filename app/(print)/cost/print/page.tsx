import type { Metadata } from 'next';
import { CostPrintPage } from '@/components/cost/CostPrintPage';

export const metadata: Metadata = { title: 'Плановая калькуляция — печать' };

export default function Page() {
  return <CostPrintPage />;
}
