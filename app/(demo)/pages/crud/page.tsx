import type { Metadata } from 'next';
import { CrudPage } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Товары: правка' };

export default function Page() {
  return <CrudPage />;
}
