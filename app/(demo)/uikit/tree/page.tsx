import type { Metadata } from 'next';
import { TreeDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Дерево' };

export default function Page() {
  return <TreeDemo />;
}
