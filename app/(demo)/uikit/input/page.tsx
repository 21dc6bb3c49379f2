import type { Metadata } from 'next';
import { InputDemo } from '@/components/demo/lazy';

export const metadata: Metadata = { title: 'Поля ввода' };

export default function Page() {
  return <InputDemo />;
}
