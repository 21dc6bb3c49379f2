import type { Metadata } from 'next';
import { ListDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Списки' };

export default function Page() {
  return <ListDemo />;
}
