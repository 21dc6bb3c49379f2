import { cookies } from 'next/headers';
import { AppShell } from '@/components/layout/AppShell';
import { Dashboard } from '@/components/home/Dashboard';
import { VisitorHome } from '@/components/home/VisitorHome';
import { getEnv } from '@/lib/server/env';

export const dynamic = 'force-dynamic';

/**
 * `/` is public: a visitor sees what the product does and the way in; a signed-in user (an access
 * token cookie is present — the business pages behind it are guarded by proxy.ts) gets a dashboard
 * inside the shell.
 */
export default async function HomePage() {
  const env = getEnv();
  const signedIn = Boolean((await cookies()).get('accessToken')?.value);
  if (!signedIn) return <VisitorHome productName={env.PRODUCT_NAME} />;
  return (
    <AppShell productName={env.PRODUCT_NAME} messengerUrl={env.MESSENGER_URL ?? null}>
      <Dashboard productName={env.PRODUCT_NAME} />
    </AppShell>
  );
}
