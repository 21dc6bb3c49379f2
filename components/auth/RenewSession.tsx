'use client';

import Cookies from 'js-cookie';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useCallback, useEffect, useState } from 'react';
import { renewTokens } from '@/lib/client/refresh';
import { signOutLocally } from '@/lib/client/session';
import styles from './auth.module.css';

/** sessionStorage: the access token the last renewal here returned with, and when (`{token, at}`). */
export const RENEWED_KEY = 'authRenewed';
/**
 * Sent back here within this time with the very token just renewed: the gate does not take it (a token lives
 * minutes at the least, so it cannot have expired meanwhile).
 */
const CIRCLE_MS = 15_000;

function cameStraightBack(token: string | undefined): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(RENEWED_KEY) ?? 'null') as { token?: unknown; at?: unknown } | null;
    return token !== undefined && last?.token === token && typeof last.at === 'number' && Date.now() - last.at < CIRCLE_MS;
  } catch {
    return false;
  }
}

type State = 'working' | 'unreachable' | 'refused-again';

/**
 * `/auth/renew?next=…`: the page gate found the access token expired and a refresh cookie. Renews the pair
 * (one refresh across tabs, a request no navigation cancels) and returns to `next`; a refused refresh goes to
 * sign-in. When the gate sends the browser straight back here with the very token this page has just returned
 * with, the server does not take it: a message instead of going round in circles.
 */
export function RenewSession({ next }: { next: string }) {
  const [state, setState] = useState<State>('working');

  const renew = useCallback(() => {
    setState('working');
    const cameBack = Cookies.get('accessToken');
    const circle = cameStraightBack(cameBack);
    void renewTokens(cameBack).then((outcome) => {
      if (outcome === 'refused') {
        sessionStorage.removeItem(RENEWED_KEY);
        signOutLocally();
        window.location.replace(`/auth?next=${encodeURIComponent(next)}`);
        return;
      }
      if (outcome === 'unreachable') {
        setState('unreachable');
        return;
      }
      if (circle) {
        setState('refused-again');
        return;
      }
      sessionStorage.setItem(RENEWED_KEY, JSON.stringify({ token: Cookies.get('accessToken'), at: Date.now() }));
      window.location.replace(next);
    });
  }, [next]);

  useEffect(() => {
    // Deferred a task: the state update of `renew` does not run inside the effect itself.
    const timer = setTimeout(renew, 0);
    return () => clearTimeout(timer);
  }, [renew]);

  return (
    <section className={styles.card} aria-labelledby="renew-title">
      <h1 id="renew-title" className={styles.title}>
        Обновление сеанса
      </h1>
      {state === 'working' && <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Обновляем сеанс" />}
      {state === 'unreachable' && (
        <>
          <Message severity="error" text="Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз." />
          <Button label="Повторить" onClick={renew} />
        </>
      )}
      {state === 'refused-again' && (
        <>
          <Message severity="error" text="Не удалось обновить сеанс. Войдите снова." />
          <Button
            label="Войти снова"
            onClick={() => {
              signOutLocally();
              window.location.replace(`/auth?next=${encodeURIComponent(next)}`);
            }}
          />
        </>
      )}
    </section>
  );
}
