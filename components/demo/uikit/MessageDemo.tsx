'use client';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Messages } from 'primereact/messages';
import { useRef, useState } from 'react';
import { useToast, type ToastOptions } from '@/components/layout/ToastProvider';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';

type Severity = NonNullable<ToastOptions['severity']>;
const KINDS: { severity: Severity; label: string; detail: string }[] = [
  { severity: 'success', label: 'Успех', detail: 'Спецификация сохранена.' },
  { severity: 'info', label: 'Инфо', detail: 'Курс ЦБ обновлён сегодня.' },
  { severity: 'warn', label: 'Внимание', detail: 'Цены материалов устарели.' },
  { severity: 'error', label: 'Ошибка', detail: 'Файл не загружен: превышен размер.' },
];
const BUTTON_SEVERITY: Record<Severity, 'success' | 'info' | 'warning' | 'danger' | 'secondary' | 'contrast'> = {
  success: 'success',
  info: 'info',
  warn: 'warning',
  error: 'danger',
  secondary: 'secondary',
  contrast: 'contrast',
};

/** UI kit: toasts (the app's own toast layer), a message list, inline messages and a field message. */
export function MessageDemo() {
  const toast = useToast();
  const list = useRef<Messages>(null);
  const [email, setEmail] = useState('');
  const emailBad = email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email);

  return (
    <>
      <DemoPageHeader description="Сообщения: всплывающие уведомления, список сообщений на странице и подсказки у полей." />
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Всплывающие уведомления</h2>
          <div className={styles.row}>
            {KINDS.map((k) => (
              <Button key={k.severity} label={k.label} severity={BUTTON_SEVERITY[k.severity]} onClick={() => toast.show({ severity: k.severity, summary: k.label, detail: k.detail })} />
            ))}
          </div>
        </section>
        <section className={styles.card}>
          <h2>Сообщения на странице</h2>
          <div className={styles.row}>
            {KINDS.map((k) => (
              <Button
                key={k.severity}
                label={k.label}
                outlined
                severity={BUTTON_SEVERITY[k.severity]}
                onClick={() => list.current?.show({ severity: k.severity, summary: `${k.label}:`, detail: k.detail, sticky: true, closable: true })}
              />
            ))}
            <Button label="Очистить" text onClick={() => list.current?.clear()} />
          </div>
          <Messages ref={list} />
        </section>
        <section className={styles.card}>
          <h2>Короткие сообщения</h2>
          <div className={styles.stack}>
            {KINDS.map((k) => (
              <Message key={k.severity} severity={k.severity} text={k.detail} />
            ))}
          </div>
        </section>
        <section className={styles.card}>
          <h2>Сообщение у поля</h2>
          <div className={styles.field}>
            <label htmlFor="msg-email">Электронная почта</label>
            <InputText id="msg-email" value={email} invalid={emailBad} aria-describedby="msg-email-hint" onChange={(e) => setEmail(e.target.value)} />
            <div id="msg-email-hint">
              {emailBad ? <Message severity="error" text="Введите адрес вида name@example.ru." /> : <Message severity="info" text="На этот адрес придёт подтверждение." />}
            </div>
          </div>
        </section>
      </div>
    </>
  );
}
