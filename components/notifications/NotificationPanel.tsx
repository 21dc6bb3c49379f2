'use client';

import { Button } from 'primereact/button';
import { formatDateTime } from '@/lib/domain/format/date';
import { plural } from '@/lib/domain/format/plural';
import type { NotificationItem } from '@/lib/schemas/noty';
import { SideDrawer } from '../layout/SideDrawer';
import { useAppRouter } from '../layout/use-app-router';
import { KIND_ICON, UNREAD } from './kind-icons';
import type { NotificationsState } from './use-notifications';
import styles from './notifications.module.css';

interface Props {
  state: NotificationsState;
  visible: boolean;
  onHide(): void;
}

/**
 * The list of notifications in a side drawer on the right (as the profile panel): the same on a computer and
 * a phone; Escape, the mask and «Закрыть» close it, focus stays inside while it is open.
 */
export function NotificationPanel({ state, visible, onHide }: Props) {
  return (
    <SideDrawer visible={visible} onHide={onHide} title="Уведомления" position="right" className={styles.drawer}>
      <NotificationList state={state} onOpen={onHide} />
    </SideDrawer>
  );
}

function NotificationList({ state, onOpen }: { state: NotificationsState; onOpen(): void }) {
  const router = useAppRouter();
  const { items, unread, more, loadingMore } = state;

  const open = (n: NotificationItem) => {
    if (!n.read_at) void state.read([n.id]);
    if (!n.link) return;
    onOpen();
    if (n.link.startsWith('/')) router.push(n.link);
    else window.location.assign(n.link);
  };

  return (
    <div className={styles.panel} data-testid="noty-panel">
      <div className={styles.toolbar}>
        <span className={styles.summary} aria-live="polite">
          {unread > 0 ? `${unread} ${plural(unread, UNREAD)}` : 'Всё прочитано'}
        </span>
        <Button type="button" label="Прочитать все" icon="pi pi-check" size="small" text disabled={unread === 0} onClick={() => void state.readAll()} />
      </div>
      {items.length === 0 ? (
        <p className={styles.empty}>Уведомлений пока нет.</p>
      ) : (
        <ul className={styles.list}>
          {items.map((n) => (
            <li key={n.id}>
              <button
                type="button"
                className={`${styles.item} ${n.read_at ? '' : styles.unread}`}
                data-testid="noty-item"
                data-unread={n.read_at ? undefined : 'true'}
                onClick={() => open(n)}
              >
                <i className={`${KIND_ICON[n.kind] ?? 'pi pi-bell'} ${styles.icon}`} aria-hidden="true" />
                <span className={styles.text}>
                  <span className={styles.title}>
                    {!n.read_at && <span className="p-hidden-accessible">Новое: </span>}
                    {n.title}
                  </span>
                  {n.body && <span className={styles.body}>{n.body}</span>}
                  <time className={styles.time} dateTime={n.created_at}>
                    {formatDateTime(new Date(n.created_at))}
                  </time>
                </span>
                {!n.read_at && <span className={styles.dot} aria-hidden="true" />}
              </button>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Button type="button" label="Показать ещё" size="small" outlined className={styles.more} loading={loadingMore} onClick={() => void state.loadMore()} />
      )}
    </div>
  );
}
