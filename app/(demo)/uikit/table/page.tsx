import type { Metadata } from 'next';
import { TableDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Таблица' };

export default function Page() {
  return <TableDemo />;
}
