'use client';

import Link from 'next/link';
import { useAppRouter } from '@/components/layout/use-app-router';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useEffect, useState, type FormEvent } from 'react';
import { authApi } from './api';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { ensureSession } from '@/lib/client/session';
import { phoneSchema } from '@/lib/schemas/auth';
import styles from './auth.module.css';

/** `/confirm-phone`: a signed-in user asks for a code by SMS and enters it. */
export function ConfirmPhone() {
  const router = useAppRouter();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void ensureSession().then((s) => {
      if (!s) router.replace('/auth?next=%2Fconfirm-phone');
    });
  }, [router]);

  const run = async (e: FormEvent, fn: () => Promise<void>) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    try {
      await fn();
    } catch (err) {
      if (isApiError(err) && err.fields) setErrors(err.fields);
      setFailure(userMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const send = (e: FormEvent) =>
    run(e, async () => {
      const p = phoneSchema.safeParse(phone);
      if (!p.success) {
        setErrors({ phone: p.error.issues[0]?.message ?? '' });
        return;
      }
      setErrors({});
      await authApi('sendConfirmCode', { purpose: 'phone', phone: p.data });
      setSent(true);
      setNotice('Код отправлен по SMS. Он действует 1 час.');
    });

  const confirm = (e: FormEvent) =>
    run(e, async () => {
      if (!/^\d{6}$/.test(code.trim())) {
        setErrors({ code: 'Код — 6 цифр' });
        return;
      }
      setErrors({});
      const a = await authApi('confirmPhone', { phone, code: code.trim() });
      setNotice(a.msg);
      setSent(false);
    });

  return (
    <section className={styles.card} aria-labelledby="phone-title">
      <h1 id="phone-title" className={styles.title}>
        Подтверждение телефона
      </h1>
      {notice && <Message className={styles.notice} severity="success" text={notice} />}
      {failure && <Message className={styles.notice} severity="error" text={failure} />}
      <form onSubmit={sent ? confirm : send} noValidate>
        <div className={styles.field}>
          <label htmlFor="phone">Телефон</label>
          <InputText id="phone" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} disabled={sent} />
          {errors.phone && <small className={styles.error} role="alert">{errors.phone}</small>}
        </div>
        {sent && (
          <div className={styles.field}>
            <label htmlFor="code">Код из SMS</label>
            <InputText id="code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
            {errors.code && <small className={styles.error} role="alert">{errors.code}</small>}
          </div>
        )}
        <Button type="submit" label={sent ? 'Подтвердить' : 'Получить код'} className={styles.submit} loading={busy} />
      </form>
      <Link className={styles.back} href="/">
        На главную
      </Link>
    </section>
  );
}
