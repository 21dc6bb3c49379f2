import type { Metadata } from 'next';
import { CheckoutForm } from '@/components/demo/shop/CheckoutForm';

export const metadata: Metadata = { title: 'Оформление заказа' };

export default function Page() {
  return <CheckoutForm />;
}
