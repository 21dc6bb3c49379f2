import type { Metadata } from 'next';
import { MailFolder } from '@/components/demo/mail/MailFolder';

export const metadata: Metadata = { title: 'Спам' };

export default function Page() {
  return <MailFolder view="spam" />;
}
