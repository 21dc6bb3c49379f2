import type { Metadata } from 'next';
import { FaqPage } from '@/components/demo/pages/FaqPage';

export const metadata: Metadata = { title: 'Частые вопросы' };

export default function Page() {
  return <FaqPage />;
}
