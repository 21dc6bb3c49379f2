import type { Metadata } from 'next';
import { ButtonDemo } from '@/components/demo/uikit/ButtonDemo';

export const metadata: Metadata = { title: 'Кнопки' };

export default function Page() {
  return <ButtonDemo />;
}
