import type { Metadata } from 'next';
import { ProductList } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Каталог' };

export default function Page() {
  return <ProductList />;
}
