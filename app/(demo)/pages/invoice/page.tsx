import type { Metadata } from 'next';
import { InvoicePage } from '@/components/demo/pages/InvoicePage';

export const metadata: Metadata = { title: 'Счёт на оплату' };

export default function Page() {
  return <InvoicePage />;
}
