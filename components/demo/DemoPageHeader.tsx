'use client';

import { Button } from 'primereact/button';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { demoPageFor } from './pages';
import styles from './demo.module.css';

/**
 * The head of every demo page: its title (from components/demo/pages.ts unless given), a line about
 * it, the page's own actions and, when the page keeps changes in the browser, «Сбросить данные».
 */
export function DemoPageHeader({
  title,
  description,
  onReset,
  children,
}: {
  title?: string;
  description?: ReactNode;
  /** Restores the sample data; the button shows only when given. */
  onReset?: () => void;
  /** Extra actions beside the reset button. */
  children?: ReactNode;
}) {
  const pathname = usePathname();
  const shown = title ?? demoPageFor(pathname)?.title ?? 'Демо-страница';
  return (
    <header className={styles.header}>
      <div className={styles.headerText}>
        <h1 className={styles.title}>{shown}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {(children || onReset) && (
        <div className={styles.headerActions}>
          {children}
          {onReset && <Button type="button" label="Сбросить данные" icon="pi pi-refresh" severity="secondary" outlined onClick={onReset} />}
        </div>
      )}
    </header>
  );
}
