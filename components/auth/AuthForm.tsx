'use client';

import { IntentLink } from '@/components/layout/IntentLink';
import { useRouter, useSearchParams } from 'next/navigation';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { SelectButton } from 'primereact/selectbutton';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { safeNextPath } from '@/lib/domain/protected-routes';
import { authApi } from './api';
import { isApiError } from '@/lib/client/api-error';
import { captchaToken, prepareCaptcha } from '@/lib/client/captcha';
import { userMessage } from '@/lib/client/messages';
import { acceptTokens } from '@/lib/client/session';
import { useLoad } from '@/lib/client/use-load';
import { emailSchema, passwordSchema } from '@/lib/schemas/auth';
import styles from './auth.module.css';
import { AuthFields, fieldsOf, type AuthFieldErrors, type AuthValues } from './AuthFields';
import { AuthProviders } from './AuthProviders';
import { NewAccountQuestion } from './NewAccountQuestion';
import { OAUTH_NEXT_KEY } from './OAuthCallback';

export type AuthMode = 'combined' | 'login' | 'register' | 'forgot' | 'reset';

const TITLES: Record<AuthMode, string> = {
  combined: 'Войти или зарегистрироваться',
  login: 'Вход',
  register: 'Регистрация',
  forgot: 'Восстановление пароля',
  reset: 'Новый пароль',
};
const MODE_OPTIONS = [
  { label: 'Вход или регистрация', value: 'combined' },
  { label: 'Вход', value: 'login' },
  { label: 'Регистрация', value: 'register' },
];

type Fields = AuthFieldErrors;

/** `/auth?mode=register` (the «Зарегистрироваться» links) and `?mode=login` open that tab of the combined page. */
const modeOfSearch = (initial: AuthMode, asked: string | null): AuthMode =>
  initial === 'combined' && (asked === 'register' || asked === 'login') ? asked : initial;

/**
 * The `/auth` page and `/forgot-password/{token}` (mode `reset`): this container holds the state and the calls;
 * `AuthFields` draws the form and `AuthProviders` the Яндекс ID / VK ID / Telegram buttons.
 */
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
  const router = useRouter();
  /** Signed in and on the way to the next page: the form stays busy until it is gone. */
  const leaving = useRef(false);
  const [mode, setMode] = useState<AuthMode>(() => modeOfSearch(initialMode, search.get('mode')));
  const [values, setValues] = useState<AuthValues>({ email: '', password: '', confirm: '', remember: false });
  const { email, password, confirm, remember } = values;
  const [errors, setErrors] = useState<Fields>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [modeChosen, setModeChosen] = useState(false);
  /** The combined form found no account for this address and asks before creating one. */
  const [askNew, setAskNew] = useState<string | null>(null);

  // A reset link is checked at once: a dead one says so and offers a new one instead of the form.
  const check = useLoad((signal) => authApi('checkPasswordResetToken', { token: resetToken ?? '' }, { signal }), [resetToken], {
    enabled: initialMode === 'reset' && Boolean(resetToken),
  });
  const linkDead = check.error !== null;
  const shownFailure = failure ?? (modeChosen ? null : check.error);

  // The captcha settings are fetched while the form is being filled in, not after «Войти».
  useEffect(() => {
    if (initialMode !== 'reset') prepareCaptcha();
  }, [initialMode]);

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
      const a = await authApi('getOAuthLink', { provider });
      window.location.assign(a.link);
    } catch (err) {
      setFailure(userMessage(err));
    }
  };
  // `?link=1` (the profile's «Привязать»): only the provider buttons; a signed-in caller links, not signs in.
  const linking = Boolean(search.get('link')) && (mode === 'combined' || mode === 'login' || mode === 'register');

  const needs = fieldsOf(mode);

  const switchMode = (m: AuthMode) => {
    setMode(m);
    setErrors({});
    setFailure(null);
    setModeChosen(true);
    setAskNew(null);
  };

  const validate = (): Fields => {
    const f: Fields = {};
    if (needs.email) {
      const r = emailSchema.safeParse(email);
      if (!r.success) f.login = r.error.issues[0]?.message;
    }
    if (needs.password) {
      const r = passwordSchema.safeParse(password);
      if (!r.success) f.password = r.error.issues[0]?.message;
    }
    if (needs.confirm && !f.password && confirm !== password) f.confirm = 'Пароли не совпадают';
    return f;
  };

  // Into the app without reloading the document: the framework's code, the theme and the fonts are here already,
  // and the next page's server render reads the new session's cookies. Only from a document opened on this
  // page: one that reached it from other pages may hold their prefetched routes — a redirect here, cached while
  // the session had ended — so it, and a `next` that is this page itself, load the document again.
  const signedIn = (answer: Record<string, unknown>) => {
    acceptTokens(answer);
    leaving.current = true;
    const next = safeNextPath(search.get('next'));
    const opened = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const openedHere = opened !== undefined && new URL(opened.name).pathname === window.location.pathname;
    if (openedHere && new URL(next, window.location.href).pathname !== window.location.pathname) router.push(next);
    else window.location.assign(next);
  };

  const register = async (captcha: string | undefined) => {
    const a = await authApi('register', {
      login: email,
      password,
      remember,
      captchaToken: captcha,
    });
    if ('confirmationRequired' in a) {
      setNotice('Мы отправили письмо со ссылкой для подтверждения почты. Откройте его, затем войдите.');
      switchMode('login');
      return;
    }
    signedIn(a);
  };

  /** Runs a call with the form busy; a failure shows its message and its fields' errors. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      if (isApiError(err) && err.fields) {
        const f2: Fields = {};
        for (const k of ['login', 'password', 'confirm'] as const) if (err.fields[k]) f2[k] = err.fields[k];
        setErrors(f2);
      }
      setFailure(userMessage(err));
    } finally {
      if (!leaving.current) setBusy(false);
    }
  };

  const createAccount = () => {
    setFailure(null);
    void run(async () => {
      try {
        await register(await captchaToken());
      } catch (err) {
        setAskNew(null);
        throw err;
      }
    });
  };

  const fixAddress = () => {
    setAskNew(null);
    document.getElementById('auth-email')?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setNotice(null);
    setAskNew(null);
    const f = validate();
    setErrors(f);
    if (Object.keys(f).length > 0) return;
    await run(async () => {
      if (mode === 'forgot') {
        const a = await authApi('sendPasswordResetLink', { login: email, captchaToken: await captchaToken() });
        setNotice(a.msg);
      } else if (mode === 'reset') {
        const a = await authApi('resetPassword', { token: resetToken ?? '', password });
        setValues((v) => ({ ...v, password: '', confirm: '' }));
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
          // Never an account by a typo: the address is shown and the user decides.
          setAskNew(email.trim());
        }
      }
    });
  };

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
      {shownFailure && <Message className={styles.notice} severity="error" text={shownFailure} />}
      {askNew && mode === 'combined' && !linking && (
        <NewAccountQuestion email={askNew} busy={busy} onCreate={createAccount} onFix={fixAddress} />
      )}
      {linking ? null : linkDead && mode === 'reset' ? (
        <Button type="button" label="Запросить новую ссылку" className={styles.submit} onClick={() => switchMode('forgot')} />
      ) : (
        <AuthFields
          mode={mode}
          values={values}
          onChange={(patch) => {
            if (patch.email !== undefined) setAskNew(null);
            setValues((v) => ({ ...v, ...patch }));
          }}
          errors={errors}
          busy={busy}
          onSubmit={(e) => void submit(e)}
          onForgot={() => switchMode('forgot')}
        />
      )}
      {(mode === 'combined' || mode === 'login' || mode === 'register') && (
        <AuthProviders
          linking={linking}
          telegramBotId={telegramBotId}
          oauth={oauth}
          onOAuth={(p) => void startOAuth(p)}
          onTelegram={() => window.location.assign(telegramUrl())}
        />
      )}
      {linking && (
        <IntentLink className={styles.back} href={safeNextPath(search.get('next'))}>
          Вернуться без привязки
        </IntentLink>
      )}
      {(mode === 'forgot' || mode === 'reset') && (
        <button type="button" className={`${styles.linkButton} ${styles.back}`} onClick={() => switchMode('login')}>
          Вернуться ко входу
        </button>
      )}
      <IntentLink className={styles.back} href="/">
        На главную
      </IntentLink>
    </section>
  );
}
