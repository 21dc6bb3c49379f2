import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { Suspense } from 'react';
import { OAuthCallback } from '@/components/auth/OAuthCallback';

export const metadata: Metadata = { title: 'Вход', referrer: 'no-referrer' };

export default async function Page({ params }: { params: Promise<{ provider: string }> }) {
  const { provider } = await params;
  if (provider !== 'yandex' && provider !== 'vk') notFound();
  return (
    <Suspense>
      <OAuthCallback provider={provider} />
    </Suspense>
  );
}
