import type { ReactNode } from 'react';
import { ListPreload } from '@/components/files/ListPreload';
import { AppShell } from '@/components/layout/AppShell';
import { getEnv } from '@/lib/server/env';

/** The shell around the business pages (menu, top bar, panels). */
export default function MainLayout({ children }: { children: ReactNode }) {
  const env = getEnv();
  return (
    <>
      <ListPreload />
      <AppShell productName={env.PRODUCT_NAME} messengerUrl={env.MESSENGER_URL ?? null}>
        {children}
      </AppShell>
    </>
  );
}
