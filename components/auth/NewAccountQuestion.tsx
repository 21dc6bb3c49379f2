'use client';

import { Button } from 'primereact/button';
import styles from './auth.module.css';

/**
 * The combined form's question before it registers anyone: the address has no account — a new one, or a typo?
 * «Создать» is focused so Enter confirms; «Исправить адрес» goes back to the address.
 */
export function NewAccountQuestion({
  email,
  busy,
  onCreate,
  onFix,
}: {
  email: string;
  busy: boolean;
  onCreate: () => void;
  onFix: () => void;
}) {
  return (
    <div className={styles.question} role="alertdialog" aria-labelledby="auth-new-account" aria-live="assertive">
      <p id="auth-new-account" className={styles.questionText}>
        Аккаунта с почтой <strong>{email}</strong> нет. Создать новый?
      </p>
      <div className={styles.questionButtons}>
        <Button type="button" label="Создать" autoFocus loading={busy} onClick={onCreate} />
        <Button type="button" label="Исправить адрес" outlined disabled={busy} onClick={onFix} />
      </div>
    </div>
  );
}
