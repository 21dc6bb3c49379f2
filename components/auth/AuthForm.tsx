'use client';

import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Password } from 'primereact/password';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useState, type FormEvent } from 'react';
import { safeNextPath } from '@/lib/domain/protected-routes';
import { authApi } from '@/lib/client/api';
import { isApiError } from '@/lib/client/api-error';
import { captchaToken } from '@/lib/client/captcha';
import { userMessage } from '@/lib/client/messages';
import { acceptTokens } from '@/lib/client/session';
import { emailSchema, passwordSchema } from '@/lib/schemas/auth';
import styles from './auth.module.css';
import { OAUTH_NEXT_KEY } from './OAuthCallback';

export type AuthMode = 'combined' | 'login' | 'register' | 'forgot' | 'reset';

const TITLES: Record<AuthMode, string> = {
  combined: 'Войти или зарегистрироваться',
  login: 'Вход',
  register: 'Регистрация',
  forgot: 'Восстановление пароля',
  reset: 'Новый пароль',
};
const SUBMIT: Record<AuthMode, string> = {
  combined: 'Продолжить',
  login: 'Войти',
  register: 'Зарегистрироваться',
  forgot: 'Отправить ссылку',
  reset: 'Сохранить пароль',
};
const MODE_OPTIONS = [
  { label: 'Вход или регистрация', value: 'combined' },
  { label: 'Вход', value: 'login' },
  { label: 'Регистрация', value: 'register' },
];

type Fields = Partial<Record<'login' | 'password' | 'confirm', string>>;

/** The `/auth` page and `/forgot-password/{token}` (mode `reset`). */
export function AuthForm({
  productName,
  mode: initialMode,
  resetToken,
  telegramBotId = null,
  oauth = { yandex: false, vk: false },
}: {
  productName: string;
  mode: AuthMode;
  resetToken?: string;
  /** Numeric id of the Telegram bot when Telegram sign-in is configured. */
  telegramBotId?: string | null;
  /** Which OAuth providers are configured. */
  oauth?: { yandex: boolean; vk: boolean };
}) {
  const search = useSearchParams();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [linkDead, setLinkDead] = useState(false);

  useEffect(() => {
    if (initialMode !== 'reset' || !resetToken) return;
    authApi('checkPasswordResetToken', { token: resetToken }).catch((err: unknown) => {
      setLinkDead(true);
      setFailure(userMessage(err));
    });
  }, [initialMode, resetToken]);

  // Back from oauth.telegram.org: `#tgAuthResult=…` in the fragment (never sent to any server but ours).
  useEffect(() => {
    const m = window.location.hash.match(/tgAuthResult=([A-Za-z0-9+/=_-]+)/);
    if (!m?.[1]) return;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    authApi('telegramLogin', { tgAuthResult: m[1] })
      .then((a) => {
        acceptTokens(a);
        window.location.assign(safeNextPath(new URLSearchParams(window.location.search).get('next')));
      })
      .catch((err: unknown) => setFailure(userMessage(err)));
  }, []);

  const telegramUrl = () => {
    const back = `${window.location.origin}${window.location.pathname}${window.location.search}`;
    const q = new URLSearchParams({ bot_id: telegramBotId ?? '', origin: window.location.origin, return_to: back, request_access: 'write' });
    return `https://oauth.telegram.org/auth?${q.toString()}`;
  };

  const startOAuth = async (provider: 'yandex' | 'vk') => {
    setFailure(null);
    try {
      sessionStorage.setItem(OAUTH_NEXT_KEY, safeNextPath(search.get('next')));
      const a = await authApi<{ link: string }>('getOAuthLink', { provider });
      window.location.assign(a.link);
    } catch (err) {
      setFailure(userMessage(err));
    }
  };
  // `?link=1` (the profile's «Привязать»): only the provider buttons; a signed-in caller links, not signs in.
  const linking = Boolean(search.get('link')) && (mode === 'combined' || mode === 'login' || mode === 'register');

  const needsEmail = mode !== 'reset';
  const needsPassword = mode !== 'forgot';
  const needsConfirm = mode === 'register' || mode === 'reset';
  const canRemember = mode === 'combined' || mode === 'login' || mode === 'register';

  const switchMode = (m: AuthMode) => {
    setMode(m);
    setErrors({});
    setFailure(null);
  };

  const validate = (): Fields => {
    const f: Fields = {};
    if (needsEmail) {
      const r = emailSchema.safeParse(email);
      if (!r.success) f.login = r.error.issues[0]?.message;
    }
    if (needsPassword) {
      const r = passwordSchema.safeParse(password);
      if (!r.success) f.password = r.error.issues[0]?.message;
    }
    if (needsConfirm && !f.password && confirm !== password) f.confirm = 'Пароли не совпадают';
    return f;
  };

  const signedIn = (answer: Record<string, unknown>) => {
    acceptTokens(answer);
    window.location.assign(safeNextPath(search.get('next')));
  };

  const register = async (captcha: string | undefined) => {
    const a = await authApi<{ accessToken?: string; confirmationRequired?: boolean }>('register', {
      login: email,
      password,
      remember,
      captchaToken: captcha,
    });
    if (a.confirmationRequired) {
      setNotice('Мы отправили письмо со ссылкой для подтверждения почты. Откройте его, затем войдите.');
      switchMode('login');
      return;
    }
    signedIn(a);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setNotice(null);
    const f = validate();
    setErrors(f);
    if (Object.keys(f).length > 0) return;
    setBusy(true);
    try {
      if (mode === 'forgot') {
        const a = await authApi('sendPasswordResetLink', { login: email, captchaToken: await captchaToken() });
        setNotice(a.msg);
      } else if (mode === 'reset') {
        const a = await authApi('resetPassword', { token: resetToken, password });
        setPassword('');
        setConfirm('');
        setNotice(a.msg);
        switchMode('login');
      } else if (mode === 'register') {
        await register(await captchaToken());
      } else {
        try {
          const a = await authApi('login', { login: email, password, remember, captchaToken: await captchaToken() });
          signedIn(a);
        } catch (err) {
          const unknownUser = isApiError(err) && (err.code === 'USER_NOT_FOUND' || err.message === 'User not found');
          if (mode !== 'combined' || !unknownUser) throw err;
          await register(await captchaToken());
        }
      }
    } catch (err) {
      if (isApiError(err) && err.fields) {
        const f2: Fields = {};
        for (const k of ['login', 'password', 'confirm'] as const) if (err.fields[k]) f2[k] = err.fields[k];
        setErrors(f2);
      }
      setFailure(userMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const fieldError = (k: keyof Fields) =>
    errors[k] ? (
      <small id={`${k}-error`} className={styles.error} role="alert">
        {errors[k]}
      </small>
    ) : null;

  return (
    <section className={styles.card} aria-labelledby="auth-title">
      <h1 id="auth-title" className={styles.title}>
        {linking ? 'Привязка аккаунта' : TITLES[mode]}
      </h1>
      <p className={styles.subtitle}>{linking ? 'Выберите аккаунт, которым вы сможете входить в ' + productName : productName}</p>
      {!linking && (mode === 'combined' || mode === 'login' || mode === 'register') && (
        <SelectButton
          className={styles.modes}
          value={mode}
          options={MODE_OPTIONS}
          onChange={(e) => e.value && switchMode(e.value as AuthMode)}
          allowEmpty={false}
          aria-label="Способ входа"
        />
      )}
      {notice && <Message className={styles.notice} severity="success" text={notice} />}
      {failure && <Message className={styles.notice} severity="error" text={failure} />}
      {linking ? null : linkDead ? (
        <Button type="button" label="Запросить новую ссылку" className={styles.submit} onClick={() => switchMode('forgot')} />
      ) : (
        <form onSubmit={submit} noValidate>
          {needsEmail && (
            <div className={styles.field}>
              <label htmlFor="auth-email">Почта</label>
              <InputText
                id="auth-email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                invalid={Boolean(errors.login)}
                aria-describedby={errors.login ? 'login-error' : undefined}
              />
              {fieldError('login')}
            </div>
          )}
          {needsPassword && (
            <div className={styles.field}>
              <label htmlFor="auth-password">{mode === 'reset' ? 'Новый пароль' : 'Пароль'}</label>
              <Password
                inputId="auth-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
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
          {needsConfirm && (
            <div className={styles.field}>
              <label htmlFor="auth-confirm">Повторите пароль</label>
              <Password
                inputId="auth-confirm"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
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
          {canRemember && (
            <div className={styles.row}>
              <span className={styles.check}>
                <Checkbox inputId="auth-remember" checked={remember} onChange={(e) => setRemember(Boolean(e.checked))} />
                <label htmlFor="auth-remember">Запомнить меня</label>
              </span>
              {mode !== 'register' && (
                <button type="button" className={styles.linkButton} onClick={() => switchMode('forgot')}>
                  Забыли пароль?
                </button>
              )}
            </div>
          )}
          <Button type="submit" label={SUBMIT[mode]} className={styles.submit} loading={busy} />
        </form>
      )}
      {linking && !telegramBotId && !oauth.yandex && !oauth.vk && (
        <Message
          className={styles.notice}
          severity="info"
          text="Привязка Яндекс ID, VK ID и Telegram не настроена на этом сервере: обратитесь к администратору."
        />
      )}
      {(telegramBotId || oauth.yandex || oauth.vk) && (mode === 'combined' || mode === 'login' || mode === 'register') && (
        <div className={styles.providers}>
          {oauth.yandex && (
            <Button
              type="button"
              label={linking ? 'Привязать Яндекс ID' : 'Войти через Яндекс ID'}
              severity="secondary"
              outlined
              onClick={() => void startOAuth('yandex')}
            />
          )}
          {oauth.vk && (
            <Button
              type="button"
              label={linking ? 'Привязать VK ID' : 'Войти через VK ID'}
              severity="secondary"
              outlined
              onClick={() => void startOAuth('vk')}
            />
          )}
          {telegramBotId && (
            <Button
              type="button"
              label={linking ? 'Привязать Telegram' : 'Войти через Telegram'}
              icon="pi pi-telegram"
              severity="secondary"
              outlined
              onClick={() => window.location.assign(telegramUrl())}
            />
          )}
        </div>
      )}
      {linking && (
        <Link className={styles.back} href={safeNextPath(search.get('next'))}>
          Вернуться без привязки
        </Link>
      )}
      {(mode === 'forgot' || mode === 'reset') && (
        <button type="button" className={`${styles.linkButton} ${styles.back}`} onClick={() => switchMode('login')}>
          Вернуться ко входу
        </button>
      )}
      <Link className={styles.back} href="/">
        На главную
      </Link>
    </section>
  );
}
