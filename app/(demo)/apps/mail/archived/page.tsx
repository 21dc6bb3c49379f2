import type { Metadata } from 'next';
import { MailFolder } from '@/components/demo/mail/MailFolder';

export const metadata: Metadata = { title: 'Архив' };

export default function Page() {
  return <MailFolder view="archived" />;
}
