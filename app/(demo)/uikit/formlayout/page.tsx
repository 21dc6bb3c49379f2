import type { Metadata } from 'next';
import { FormLayoutDemo } from '@/components/demo/uikit/FormLayoutDemo';

export const metadata: Metadata = { title: 'Макет формы' };

export default function Page() {
  return <FormLayoutDemo />;
}
