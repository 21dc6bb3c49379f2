import type { Metadata } from 'next';
import { TreeDemo } from '@/components/demo/uikit/TreeDemo';

export const metadata: Metadata = { title: 'Дерево' };

export default function Page() {
  return <TreeDemo />;
}
