import type { Metadata } from 'next';
import { CrudPage } from '@/components/demo/crud/CrudPage';

export const metadata: Metadata = { title: 'Товары: правка' };

export default function Page() {
  return <CrudPage />;
}
