import type { Metadata } from 'next';
import { MiscDemo } from '@/components/demo/uikit/MiscDemo';

export const metadata: Metadata = { title: 'Разное' };

export default function Page() {
  return <MiscDemo />;
}
