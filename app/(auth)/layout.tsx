import type { ReactNode } from 'react';
import { SettingsButton } from '@/components/layout/SettingsSidebar';
import styles from '@/components/auth/auth.module.css';

/** Sign-in pages: one centred card, no shell. Token links must not leak through Referer. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      {children}
      <SettingsButton />
    </main>
  );
}
