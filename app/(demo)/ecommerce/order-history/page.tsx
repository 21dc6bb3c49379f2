import type { Metadata } from 'next';
import { OrderHistory } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'История заказов' };

export default function Page() {
  return <OrderHistory />;
}
