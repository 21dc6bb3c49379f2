import type { Metadata } from 'next';
import { InvalidStateDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Ошибки ввода' };

export default function Page() {
  return <InvalidStateDemo />;
}
