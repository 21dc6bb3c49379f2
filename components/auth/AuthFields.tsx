'use client';

import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Password } from 'primereact/password';
import type { FormEvent } from 'react';
import styles from './auth.module.css';
import type { AuthMode } from './AuthForm';

export type AuthFieldErrors = Partial<Record<'login' | 'password' | 'confirm', string>>;
export type AuthValues = { email: string; password: string; confirm: string; remember: boolean };

const SUBMIT: Record<AuthMode, string> = {
  combined: 'Продолжить',
  login: 'Войти',
  register: 'Зарегистрироваться',
  forgot: 'Отправить ссылку',
  reset: 'Сохранить пароль',
};

/** Which fields a mode asks for. */
export const fieldsOf = (mode: AuthMode) => ({
  email: mode !== 'reset',
  password: mode !== 'forgot',
  confirm: mode === 'register' || mode === 'reset',
  remember: mode === 'combined' || mode === 'login' || mode === 'register',
});

/** The sign-in form's fields for a mode: mail, password, its repeat, «Запомнить меня», «Забыли пароль?» and the submit. */
export function AuthFields({
  mode,
  values,
  onChange,
  errors,
  busy,
  onSubmit,
  onForgot,
}: {
  mode: AuthMode;
  values: AuthValues;
  onChange: (patch: Partial<AuthValues>) => void;
  errors: AuthFieldErrors;
  busy: boolean;
  onSubmit: (e: FormEvent) => void;
  onForgot: () => void;
}) {
  const needs = fieldsOf(mode);
  const fieldError = (k: keyof AuthFieldErrors) =>
    errors[k] ? (
      <small id={`${k}-error`} className={styles.error} role="alert">
        {errors[k]}
      </small>
    ) : null;

  return (
    <form onSubmit={onSubmit} noValidate>
      {needs.email && (
        <div className={styles.field}>
          <label htmlFor="auth-email">Почта</label>
          <InputText
            id="auth-email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={(e) => onChange({ email: e.target.value })}
            invalid={Boolean(errors.login)}
            aria-describedby={errors.login ? 'login-error' : undefined}
          />
          {fieldError('login')}
        </div>
      )}
      {needs.password && (
        <div className={styles.field}>
          <label htmlFor="auth-password">{mode === 'reset' ? 'Новый пароль' : 'Пароль'}</label>
          <Password
            inputId="auth-password"
            value={values.password}
            onChange={(e) => onChange({ password: e.target.value })}
            feedback={false}
            toggleMask
            className={styles.password}
            inputClassName={styles.passwordInput}
            autoComplete={mode === 'login' || mode === 'combined' ? 'current-password' : 'new-password'}
            invalid={Boolean(errors.password)}
            aria-describedby={errors.password ? 'password-error' : undefined}
          />
          {fieldError('password')}
        </div>
      )}
      {needs.confirm && (
        <div className={styles.field}>
          <label htmlFor="auth-confirm">Повторите пароль</label>
          <Password
            inputId="auth-confirm"
            value={values.confirm}
            onChange={(e) => onChange({ confirm: e.target.value })}
            feedback={false}
            toggleMask
            className={styles.password}
            inputClassName={styles.passwordInput}
            autoComplete="new-password"
            invalid={Boolean(errors.confirm)}
            aria-describedby={errors.confirm ? 'confirm-error' : undefined}
          />
          {fieldError('confirm')}
        </div>
      )}
      {needs.remember && (
        <div className={styles.row}>
          <span className={styles.check}>
            <Checkbox inputId="auth-remember" checked={values.remember} onChange={(e) => onChange({ remember: Boolean(e.checked) })} />
            <label htmlFor="auth-remember">Запомнить меня</label>
          </span>
          {mode !== 'register' && (
            <button type="button" className={styles.linkButton} onClick={onForgot}>
              Забыли пароль?
            </button>
          )}
        </div>
      )}
      <Button type="submit" label={SUBMIT[mode]} className={styles.submit} loading={busy} />
    </form>
  );
}
