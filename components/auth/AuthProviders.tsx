'use client';

import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import styles from './auth.module.css';

/**
 * Sign-in (or, with `linking`, linking) through Яндекс ID, VK ID and Telegram — only the providers the server has
 * configured; when linking and none is, says so.
 */
export function AuthProviders({
  linking,
  telegramBotId,
  oauth,
  onOAuth,
  onTelegram,
}: {
  linking: boolean;
  telegramBotId: string | null;
  oauth: { yandex: boolean; vk: boolean };
  onOAuth: (provider: 'yandex' | 'vk') => void;
  onTelegram: () => void;
}) {
  if (!telegramBotId && !oauth.yandex && !oauth.vk) {
    return linking ? (
      <Message className={styles.notice} severity="info" text="Привязка Яндекс ID, VK ID и Telegram не настроена на этом сервере: обратитесь к администратору." />
    ) : null;
  }
  return (
    <div className={styles.providers}>
      {oauth.yandex && (
        <Button type="button" label={linking ? 'Привязать Яндекс ID' : 'Войти через Яндекс ID'} severity="secondary" outlined onClick={() => onOAuth('yandex')} />
      )}
      {oauth.vk && <Button type="button" label={linking ? 'Привязать VK ID' : 'Войти через VK ID'} severity="secondary" outlined onClick={() => onOAuth('vk')} />}
      {telegramBotId && (
        <Button
          type="button"
          label={linking ? 'Привязать Telegram' : 'Войти через Telegram'}
          icon="pi pi-telegram"
          severity="secondary"
          outlined
          onClick={onTelegram}
        />
      )}
    </div>
  );
}
