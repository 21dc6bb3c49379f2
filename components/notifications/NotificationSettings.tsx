'use client';

import { InputSwitch } from 'primereact/inputswitch';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import type { CallOutput } from '@/lib/contract';
import { useToast } from '../layout/ToastProvider';
import { noty } from './api';
import styles from './notifications.module.css';

type Kinds = CallOutput<'noty', 'api/v1/settings'>['kinds'];

/** The profile's switches: which kinds of notifications the product sends the user. */
export function NotificationSettings() {
  const toast = useToast();
  const { data, error } = useLoad((signal) => noty.settings(signal), []);
  const [kinds, setKinds] = useState<Kinds | null>(null);
  const shown = kinds ?? data?.kinds ?? null;

  const toggle = async (kind: string, enabled: boolean) => {
    if (!shown) return;
    const next = shown.map((k) => (k.kind === kind ? { ...k, enabled } : k));
    setKinds(next);
    try {
      const a = await noty.saveSettings(next.filter((k) => !k.enabled).map((k) => k.kind));
      setKinds(a.kinds);
    } catch (err) {
      setKinds(shown);
      toast.show({ severity: 'error', summary: 'Не удалось сохранить', detail: userMessage(err) });
    }
  };

  return (
    <section className={styles.settings} aria-labelledby="noty-settings-title">
      <h3 id="noty-settings-title" className={styles.settingsTitle}>
        Уведомления
      </h3>
      {error && <Message severity="error" text={error} />}
      {!shown && !error && <p className={styles.summary}>Загрузка…</p>}
      {shown?.map((k) => (
        <div key={k.kind} className={styles.setting}>
          <InputSwitch inputId={`noty-kind-${k.kind}`} checked={k.enabled} onChange={(e) => void toggle(k.kind, Boolean(e.value))} />
          <label htmlFor={`noty-kind-${k.kind}`}>{k.label}</label>
        </div>
      ))}
    </section>
  );
}
