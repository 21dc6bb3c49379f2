import type { Metadata } from 'next';
import { MailCompose } from '@/components/demo/mail/MailCompose';

export const metadata: Metadata = { title: 'Новое письмо' };

export default async function Page({ searchParams }: { searchParams: Promise<{ reply?: string | string[] }> }) {
  const value = (await searchParams).reply;
  return <MailCompose replyTo={typeof value === 'string' ? value : undefined} />;
}
