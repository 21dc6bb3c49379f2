'use client';

import Link from 'next/link';
import { Button } from 'primereact/button';
import s from './route-state.module.css';

/** A page of the shell while its server part loads (`loading.tsx`). */
export function RouteLoading() {
  return (
    <div className={s.state} role="status" aria-live="polite">
      <i className={`pi pi-spin pi-spinner ${s.icon}`} aria-hidden="true" />
      <p>Загрузка…</p>
    </div>
  );
}

/**
 * A page of the shell that failed while rendering (`error.tsx`): says so in Russian (the error's own text may be
 * technical or hidden in production) and offers «Повторить», which loads the page again, and the way home.
 */
export function RouteError({ retry }: { retry: () => void }) {
  return (
    <div className={s.state} role="alert">
      <i className={`pi pi-exclamation-triangle ${s.icon}`} aria-hidden="true" />
      <h1>Страница не загрузилась</h1>
      <p>Что-то пошло не так. Попробуйте ещё раз; если не поможет — обновите страницу или вернитесь на главную.</p>
      <div className={s.actions}>
        <Button type="button" icon="pi pi-refresh" label="Повторить" onClick={retry} />
        <Link href="/" className="p-button p-button-outlined p-component">
          <i className="pi pi-home p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">На главную</span>
        </Link>
      </div>
    </div>
  );
}
