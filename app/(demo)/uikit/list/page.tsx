import type { Metadata } from 'next';
import { ListDemo } from '@/components/demo/uikit/ListDemo';

export const metadata: Metadata = { title: 'Списки' };

export default function Page() {
  return <ListDemo />;
}
