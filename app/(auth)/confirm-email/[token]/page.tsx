import type { Metadata } from 'next';
import { ConfirmEmail } from '@/components/auth/ConfirmEmail';

export const metadata: Metadata = { title: 'Подтверждение почты', referrer: 'no-referrer' };

export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return <ConfirmEmail token={token} />;
}
