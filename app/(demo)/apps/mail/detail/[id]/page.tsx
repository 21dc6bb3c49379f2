import type { Metadata } from 'next';
import { MailDetail } from '@/components/demo/mail/MailDetail';

export const metadata: Metadata = { title: 'Письмо' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MailDetail id={decodeURIComponent(id)} />;
}
