import type { Metadata } from 'next';
import { ContactPage } from '@/components/demo/pages/ContactPage';

export const metadata: Metadata = { title: 'Контакты' };

export default function Page() {
  return <ContactPage />;
}
