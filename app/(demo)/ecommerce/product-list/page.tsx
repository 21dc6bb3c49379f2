import type { Metadata } from 'next';
import { ProductList } from '@/components/demo/shop/ProductList';

export const metadata: Metadata = { title: 'Каталог' };

export default function Page() {
  return <ProductList />;
}
