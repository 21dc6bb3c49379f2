import type { Metadata } from 'next';
import { OrderHistory } from '@/components/demo/shop/OrderHistory';

export const metadata: Metadata = { title: 'История заказов' };

export default function Page() {
  return <OrderHistory />;
}
