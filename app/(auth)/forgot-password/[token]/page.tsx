import { Suspense } from 'react';
import type { Metadata } from 'next';
import { AuthForm } from '@/components/auth/AuthForm';
import { getEnv } from '@/lib/server/env';

export const metadata: Metadata = { title: 'Новый пароль', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default async function Page({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  return (
    <Suspense>
      <AuthForm productName={getEnv().PRODUCT_NAME} mode="reset" resetToken={token} />
    </Suspense>
  );
}
