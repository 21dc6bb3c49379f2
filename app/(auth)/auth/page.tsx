import { Suspense } from 'react';
import type { Metadata } from 'next';
import { AuthForm } from '@/components/auth/AuthForm';
import { getEnv } from '@/lib/server/env';

export const metadata: Metadata = { title: 'Вход', referrer: 'no-referrer' };
export const dynamic = 'force-dynamic';

export default function Page() {
  const env = getEnv();
  return (
    <Suspense>
      <AuthForm
        productName={env.PRODUCT_NAME}
        mode="combined"
        telegramBotId={env.TELEGRAM_BOT_TOKEN ? (env.TELEGRAM_BOT_TOKEN.split(':')[0] ?? null) : null}
        oauth={{ yandex: Boolean(env.YANDEX_CLIENT_ID), vk: Boolean(env.VK_CLIENT_ID) }}
      />
    </Suspense>
  );
}
