'use client';

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { call } from '@/lib/client/call';
import { useLoad } from '@/lib/client/use-load';
import { formatDateTime } from '@/lib/domain/format/date';
import type { CallOutput } from '@/lib/contract';

type AppInfo = CallOutput<'product', 'app/info'>;

const DATABASE = { pglite: 'встроенная (PGlite)', postgres: 'PostgreSQL' } as const;
const STORAGE = { disk: 'локальный диск', s3: 'S3-совместимое хранилище' } as const;
const MODE = { embedded: 'встроенный', upstream: 'внешний' } as const;

/** Shows what this installation runs on, asked through the gateway with the shared client. */
export function ServiceStatus() {
  const loaded = useLoad(async (signal) => ({ info: await call('product', 'app/info', {}, { signal }), checkedAt: new Date() }), [], { keep: true });
  const info: AppInfo | null = loaded.data?.info ?? null;
  const checkedAt = loaded.data?.checkedAt ?? null;
  const error = loaded.error;
  // The button spins while a check asked by it runs; the first check shows «Загрузка…» instead.
  const loading = loaded.loading && (loaded.data !== undefined || loaded.error !== null);
  const refresh = loaded.reload;

  return (
    <section aria-labelledby="status-title" className="home-card">
      <h2 id="status-title">Состояние сервиса</h2>
      {error && <Message severity="error" text={error} />}
      {!info && !error && <p>Загрузка…</p>}
      {info && (
        <dl className="home-facts">
          <dt>Версия</dt>
          <dd>{info.version}</dd>
          <dt>База данных</dt>
          <dd>{DATABASE[info.database]}</dd>
          <dt>Хранилище файлов</dt>
          <dd>{STORAGE[info.storage]}</dd>
          <dt>Авторизация</dt>
          <dd>{MODE[info.services.auth]}</dd>
          <dt>Файловый менеджер</dt>
          <dd>{MODE[info.services.files]}</dd>
          <dt>Уведомления</dt>
          <dd>{MODE[info.services.noty]}</dd>
          <dt>Проверено</dt>
          <dd data-testid="checked-at">{checkedAt ? formatDateTime(checkedAt) : '—'}</dd>
        </dl>
      )}
      <Button label="Проверить ещё раз" icon="pi pi-refresh" onClick={refresh} loading={loading} outlined />
    </section>
  );
}
