import type { Metadata } from 'next';
import { ShoppingCart } from '@/components/demo/shop/ShoppingCart';

export const metadata: Metadata = { title: 'Корзина' };

export default function Page() {
  return <ShoppingCart />;
}
