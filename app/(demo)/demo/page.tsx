import type { Metadata } from 'next';
import { DemoIndex } from '@/components/demo/DemoIndex';

export const metadata: Metadata = { title: 'Демо-страницы' };

export default function Page() {
  return <DemoIndex />;
}
