'use client';

import Link from 'next/link';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useState } from 'react';
import { authApi } from './api';
import { userMessage } from '@/lib/client/messages';
import styles from './auth.module.css';

/** `/confirm-email/{token}`: spends the link from the letter (registration or a new sign-in address). */
export function ConfirmEmail({ token }: { token: string }) {
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    authApi('confirmEmail', { token }).then(
      (a) => live && setState({ ok: true, text: a.msg }),
      (err: unknown) => live && setState({ ok: false, text: userMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <section className={styles.card} aria-labelledby="confirm-title">
      <h1 id="confirm-title" className={styles.title}>
        Подтверждение почты
      </h1>
      {state ? (
        <Message severity={state.ok ? 'success' : 'error'} text={state.text} />
      ) : (
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Проверяем ссылку" />
      )}
      <Link className={styles.back} href="/">
        На главную
      </Link>
    </section>
  );
}
