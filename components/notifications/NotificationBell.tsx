'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { plural } from '@/lib/domain/format/plural';
import { UNREAD } from './kind-icons';
import { useNotifications } from './use-notifications';
import styles from './notifications.module.css';

const NotificationPanel = dynamic(() => import('./NotificationPanel').then((m) => m.NotificationPanel), { ssr: false });

/**
 * The bell of the top bar: the unread count on a badge, live; a click opens the list in a side drawer. The
 * drawer's code loads when the bell is first pointed at, focused or clicked.
 */
export function NotificationBell() {
  const state = useNotifications();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const { unread } = state;
  const label = unread > 0 ? `Уведомления: ${unread} ${plural(unread, UNREAD)}` : 'Уведомления';

  return (
    <>
      <button
        type="button"
        className={`layout-topbar-button ${styles.bell}`}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="noty-bell"
        data-unread={unread}
        // The panel's code starts loading as soon as the bell is pointed at or focused.
        onPointerEnter={() => setOpened(true)}
        onFocus={() => setOpened(true)}
        onClick={() => {
          setOpened(true);
          setOpen((x) => !x);
        }}
      >
        <i className="pi pi-bell" aria-hidden="true" />
        {unread > 0 && (
          <span className={styles.badge} data-testid="noty-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {opened && <NotificationPanel state={state} visible={open} onHide={() => setOpen(false)} />}
    </>
  );
}
