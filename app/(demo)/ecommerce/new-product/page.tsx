import type { Metadata } from 'next';
import { NewProduct } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Новый товар' };

export default function Page() {
  return <NewProduct />;
}
