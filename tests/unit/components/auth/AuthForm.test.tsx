import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let search = new URLSearchParams();
const push = vi.fn();
vi.mock('next/navigation', () => ({ useSearchParams: () => search, useRouter: () => ({ prefetch: vi.fn(), push, replace: vi.fn() }) }));

import { AuthForm } from '@/components/auth/AuthForm';

type Call = { call: string; body: Record<string, unknown> };
let calls: Call[];
let answer: (c: Call) => { status: number; body: unknown };
const assign = vi.fn();

beforeEach(() => {
  calls = [];
  search = new URLSearchParams();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const c = { call: url.replace(/^.*\/api\/v2\//, ''), body: JSON.parse(String(init.body ?? '{}')) as Record<string, unknown> };
      calls.push(c);
      const a = c.call === 'getRecaptchaSiteKey' ? { status: 200, body: { ok: true, msg: 'Готово', use: false, key: '', provider: null } } : answer(c);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.stubGlobal('location', { ...window.location, assign, hash: '', pathname: '/auth', search: '', origin: 'http://localhost' });
  assign.mockReset();
  push.mockReset();
  // The document was opened on /auth (a sign-in then goes on without reloading it).
  openedAt('http://localhost/auth');
});
const openedAt = (url: string) => vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ name: url }] as unknown as PerformanceEntryList);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('AuthForm', { timeout: 20_000 }, () => {
  it('a document that came to /auth from other pages (their prefetched routes may be stale) loads next anew; so does a next of /auth itself', async () => {
    answer = () => ({ status: 200, body: { ok: true, msg: 'Вы вошли', accessToken: 'a.b.c', refreshToken: 'r' } });
    for (const [opened, next] of [['http://localhost/documents', '/specifications'], ['http://localhost/auth', '/auth?mode=register']] as const) {
      openedAt(opened);
      search = new URLSearchParams(`next=${encodeURIComponent(next)}`);
      const view = render(<AuthForm productName="Калькулус" mode="login" />);
      type('Почта', 'user@example.ru');
      type('Пароль', 'пароль-пароль');
      fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith(next));
      expect(push).not.toHaveBeenCalled();
      view.unmount();
      assign.mockReset();
    }
  });
  it('combined mode: an address with no account is asked about first; «Создать» registers with the same data and goes to the safe next path', async () => {
    search = new URLSearchParams('next=/calculators/vat');
    answer = (c) =>
      c.call === 'login'
        ? { status: 404, body: { ok: false, msg: 'User not found', code: 'USER_NOT_FOUND' } }
        : { status: 200, body: { ok: true, msg: 'Вы зарегистрированы', accessToken: 'a.b.c', refreshToken: 'r' } };
    render(<AuthForm productName="Калькулус" mode="combined" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Войти или зарегистрироваться' })).toBeTruthy();
    type('Почта', 'New@Example.ru');
    type('Пароль', 'пароль-пароль');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    const question = await screen.findByRole('alertdialog');
    expect(question.textContent).toBe('Аккаунта с почтой New@Example.ru нет. Создать новый?СоздатьИсправить адрес');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Создать' }));
    // Nobody is registered until the user says so.
    expect(calls.filter((c) => c.call !== 'getRecaptchaSiteKey').map((c) => c.call)).toEqual(['login']);
    expect(push).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Создать' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/calculators/vat'));
    const auth = calls.filter((c) => c.call !== 'getRecaptchaSiteKey');
    expect(auth.map((c) => c.call)).toEqual(['login', 'register']);
    expect(auth[1]!.body).toMatchObject({ login: 'New@Example.ru', password: 'пароль-пароль', remember: true });
    expect(screen.queryByText('User not found')).toBeNull();
  });

  it('combined mode: «Исправить адрес» registers nobody and returns to the address; so does typing another one', async () => {
    answer = (c) =>
      c.call === 'login' && c.body.login === 'owner@example.ru'
        ? { status: 200, body: { ok: true, msg: 'Вы вошли', accessToken: 'a.b.c', refreshToken: 'r' } }
        : c.call === 'login'
          ? { status: 404, body: { ok: false, msg: 'User not found', code: 'USER_NOT_FOUND' } }
          : { status: 500, body: {} };
    render(<AuthForm productName="Калькулус" mode="combined" />);
    type('Почта', 'owner@exmaple.ru');
    type('Пароль', 'пароль-пароль');
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Аккаунта с почтой owner@exmaple.ru нет. Создать новый?');
    fireEvent.click(screen.getByRole('button', { name: 'Исправить адрес' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Почта', { selector: 'input' }));

    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    await screen.findByRole('alertdialog');
    type('Почта', 'owner@example.ru');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
    expect(calls.filter((c) => c.call === 'register')).toEqual([]);
  });

  it('a failed registration after «Создать» shows its message and closes the question', async () => {
    answer = (c) =>
      c.call === 'login'
        ? { status: 404, body: { ok: false, msg: 'User not found', code: 'USER_NOT_FOUND' } }
        : { status: 429, body: { ok: false, msg: 'Слишком много попыток. Повторите через 60 минут.', code: 'RATE_LIMITED' } };
    render(<AuthForm productName="Калькулус" mode="combined" />);
    type('Почта', 'new@example.ru');
    type('Пароль', 'пароль-пароль');
    fireEvent.click(screen.getByRole('button', { name: 'Продолжить' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Создать' }));
    expect(await screen.findByText('Слишком много попыток. Повторите через 60 минут.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('/auth?mode=register (the «Зарегистрироваться» links) opens the registration tab; ?mode=login the sign-in one', () => {
    search = new URLSearchParams('mode=register');
    const view = render(<AuthForm productName="Калькулус" mode="combined" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Регистрация' })).toBeTruthy();
    expect(screen.getByLabelText('Повторите пароль', { selector: 'input' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Зарегистрироваться' })).toBeTruthy();
    view.unmount();
    search = new URLSearchParams('mode=login');
    const login = render(<AuthForm productName="Калькулус" mode="combined" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Вход' })).toBeTruthy();
    login.unmount();
    search = new URLSearchParams('mode=nonsense');
    render(<AuthForm productName="Калькулус" mode="combined" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Войти или зарегистрироваться' })).toBeTruthy();
  });

  it('shows Russian field errors and sends nothing while the form is invalid', async () => {
    render(<AuthForm productName="Калькулус" mode="combined" />);
    fireEvent.click(screen.getByRole('button', { name: 'Регистрация' }));
    type('Почта', 'нет');
    type('Пароль', 'короткий'.slice(0, 5));
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Введите адрес почты в формате name@example.ru')).toBeTruthy();
    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeTruthy();
    type('Почта', 'a@example.ru');
    type('Пароль', 'пароль-пароль');
    type('Повторите пароль', 'другой-пароль');
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
    expect(calls.filter((c) => c.call === 'register')).toEqual([]);
  });

  it('a wrong password shows the server message; an off-site next never leaves the site', async () => {
    search = new URLSearchParams('next=//evil.example');
    answer = (c) =>
      c.call === 'login' && c.body.password === 'верный-пароль'
        ? { status: 200, body: { ok: true, msg: 'Вы вошли', accessToken: 'a.b.c', refreshToken: 'r' } }
        : { status: 401, body: { ok: false, msg: 'Неверная почта или пароль.', code: 'INVALID_CREDENTIALS', fields: { password: 'Неверный пароль' } } };
    render(<AuthForm productName="Калькулус" mode="login" />);
    type('Почта', 'a@example.ru');
    type('Пароль', 'не-тот-пароль');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Неверная почта или пароль.')).toBeTruthy();
    expect(screen.getByText('Неверный пароль')).toBeTruthy();
    type('Пароль', 'верный-пароль');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/'));
  });

  it('«Забыли пароль?» sends the reset link and shows the same answer for any address', async () => {
    answer = () => ({ status: 200, body: { ok: true, msg: 'Если такая почта зарегистрирована, мы отправили на неё ссылку для сброса пароля.' } });
    render(<AuthForm productName="Калькулус" mode="combined" />);
    fireEvent.click(screen.getByRole('button', { name: 'Забыли пароль?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Восстановление пароля' })).toBeTruthy();
    type('Почта', 'a@example.ru');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(await screen.findByText('Если такая почта зарегистрирована, мы отправили на неё ссылку для сброса пароля.')).toBeTruthy();
    expect(calls.find((c) => c.call === 'sendPasswordResetLink')?.body).toMatchObject({ login: 'a@example.ru' });
  });

  it('a dead reset link says so at once and offers a new one', async () => {
    answer = (c) =>
      c.call === 'checkPasswordResetToken'
        ? { status: 400, body: { ok: false, msg: 'Ссылка для сброса пароля устарела или уже использована. Запросите новую.', code: 'INVALID_LINK' } }
        : { status: 200, body: { ok: true, msg: 'ok' } };
    render(<AuthForm productName="Калькулус" mode="reset" resetToken="dead" />);
    expect(await screen.findByText('Ссылка для сброса пароля устарела или уже использована. Запросите новую.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Запросить новую ссылку' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Восстановление пароля' })).toBeTruthy();
    // The form to request a new link replaces the button (the dead link no longer blocks it).
    expect(screen.getByLabelText('Почта', { selector: 'input' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Запросить новую ссылку' })).toBeNull();
  });

  it('provider buttons appear only when configured', () => {
    const { unmount } = render(<AuthForm productName="Калькулус" mode="combined" />);
    expect(screen.queryByRole('button', { name: /Telegram|Яндекс|VK/ })).toBeNull();
    unmount();
    render(<AuthForm productName="Калькулус" mode="combined" telegramBotId="123" oauth={{ yandex: true, vk: false }} />);
    expect(screen.getByRole('button', { name: 'Войти через Telegram' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Войти через Яндекс ID' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Войти через VK ID' })).toBeNull();
  });

  it('?link=1 («Привязать»): only the provider buttons, the flow starts with the bearer and returns to next', async () => {
    search = new URLSearchParams('link=1&next=/companies');
    answer = (c) => (c.call === 'getOAuthLink' ? { status: 200, body: { ok: true, msg: '', link: 'https://oauth.yandex.ru/authorize?x=1' } } : { status: 500, body: {} });
    const { unmount } = render(<AuthForm productName="Калькулус" mode="combined" telegramBotId="123" oauth={{ yandex: true, vk: true }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Привязка аккаунта' })).toBeTruthy();
    expect(screen.queryByLabelText('Почта', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Привязать Telegram' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Привязать VK ID' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Вернуться без привязки' }).getAttribute('href')).toBe('/companies');
    fireEvent.click(screen.getByRole('button', { name: 'Привязать Яндекс ID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://oauth.yandex.ru/authorize?x=1'));
    expect(sessionStorage.getItem('authNext')).toBe('/companies');
    unmount();
    render(<AuthForm productName="Калькулус" mode="combined" />);
    expect(screen.getByText(/Привязка Яндекс ID, VK ID и Telegram не настроена/)).toBeTruthy();
  });
});
