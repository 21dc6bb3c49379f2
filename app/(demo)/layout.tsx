import type { ReactNode } from 'react';
import { DEMO_BREADCRUMBS } from '@/components/demo/pages';
import { AppShell } from '@/components/layout/AppShell';
import { getEnv } from '@/lib/server/env';

/** The demo / template pages live in the same shell as the business pages (menu, top bar, theme). */
export default function DemoLayout({ children }: { children: ReactNode }) {
  const env = getEnv();
  return (
    <AppShell productName={env.PRODUCT_NAME} messengerUrl={env.MESSENGER_URL ?? null} routes={DEMO_BREADCRUMBS}>
      {children}
    </AppShell>
  );
}
