import type { Metadata } from 'next';
import { InvalidStateDemo } from '@/components/demo/uikit/InvalidStateDemo';

export const metadata: Metadata = { title: 'Ошибки ввода' };

export default function Page() {
  return <InvalidStateDemo />;
}
