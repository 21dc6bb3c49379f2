'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useRef, useState } from 'react';
import { safeNextPath } from '@/lib/domain/protected-routes';
import { authApi } from './api';
import { userMessage } from '@/lib/client/messages';
import { acceptTokens } from '@/lib/client/session';
import styles from './auth.module.css';

export const OAUTH_NEXT_KEY = 'authNext';

/** `/auth/oauth/{provider}`: the provider sent the user back with `code` and `state` (VK also `device_id`). */
export function OAuthCallback({ provider }: { provider: 'yandex' | 'vk' }) {
  const search = useSearchParams();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    const fail = (text: string) => Promise.resolve().then(() => setFailure(text));
    if (search.get('error') || !code || !state) {
      void fail('Вход отменён или не завершён. Попробуйте ещё раз.');
      return;
    }
    authApi('oauthLogin', { provider, code, state, deviceId: search.get('device_id') ?? undefined })
      .then((a) => {
        acceptTokens(a);
        const next = sessionStorage.getItem(OAUTH_NEXT_KEY);
        sessionStorage.removeItem(OAUTH_NEXT_KEY);
        window.location.assign(safeNextPath(next));
      })
      .catch((err: unknown) => setFailure(userMessage(err)));
  }, [provider, search]);

  return (
    <section className={styles.card} aria-labelledby="oauth-title">
      <h1 id="oauth-title" className={styles.title}>
        Вход через {provider === 'yandex' ? 'Яндекс ID' : 'VK ID'}
      </h1>
      {failure ? (
        <Message severity="error" text={failure} />
      ) : (
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} aria-label="Завершаем вход" />
      )}
      <Link className={styles.back} href="/auth">
        Ко входу
      </Link>
    </section>
  );
}
