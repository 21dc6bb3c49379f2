import type { Metadata } from 'next';
import { MediaDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Медиа' };

export default function Page() {
  return <MediaDemo />;
}
