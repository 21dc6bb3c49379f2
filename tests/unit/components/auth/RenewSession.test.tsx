import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENEWED_KEY, RenewSession } from '@/components/auth/RenewSession';

/** The server's answers to regenerateTokens, in order; each sets the access cookie as the route does. */
let answers: Array<{ status: number; body: unknown } | 'network'>;
let asked: number;
const replace = vi.fn();
const setCookie = (v: string) => {
  document.cookie = `accessToken=${v}; path=/`;
};
const cookie = () => document.cookie.match(/accessToken=([^;]*)/)?.[1];

beforeEach(() => {
  asked = 0;
  sessionStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const a = answers[asked++];
      if (!a || a === 'network') throw new TypeError('network down');
      const token = (a.body as { accessToken?: string }).accessToken;
      if (token) setCookie(token);
      return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  vi.stubGlobal('location', { ...window.location, replace, protocol: 'http:' });
  replace.mockReset();
  setCookie('stale');
});
afterEach(() => vi.unstubAllGlobals());

const renewed = (token: string) => ({ status: 200, body: { ok: true, msg: 'Токены обновлены', accessToken: token, refreshTokenExpiresIn: 86400 } });

describe('RenewSession (/auth/renew)', () => {
  it('renews the pair and returns to the page it was sent from', async () => {
    answers = [renewed('fresh-1')];
    render(<RenewSession next="/companies?tab=2" />);
    expect(screen.getByRole('heading', { name: 'Обновление сеанса' })).toBeTruthy();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/companies?tab=2'));
    expect(cookie()).toBe('fresh-1');
    expect(asked).toBe(1);
  });

  it('a refused refresh goes to sign-in with the same next; the access cookie is dropped', async () => {
    answers = [{ status: 401, body: { ok: false, code: 'REFRESH_REUSED', msg: 'Токен обновления уже был использован' } }];
    render(<RenewSession next="/documents" />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/auth?next=%2Fdocuments'));
    expect(cookie()).toBeUndefined();
  });

  it('no answer: a Russian message and «Повторить», which renews and returns', async () => {
    answers = ['network', renewed('fresh-2')];
    render(<RenewSession next="/cost" />);
    expect(await screen.findByText('Нет связи с сервером. Проверьте подключение к интернету и попробуйте ещё раз.')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/cost'));
  });

  it('sent straight back with the token it has just returned with: a message, not a circle', async () => {
    setCookie('fresh-3');
    sessionStorage.setItem(RENEWED_KEY, JSON.stringify({ token: 'fresh-3', at: Date.now() }));
    answers = [renewed('fresh-4')];
    render(<RenewSession next="/companies" />);
    expect(await screen.findByText('Не удалось обновить сеанс. Войдите снова.')).toBeTruthy();
    expect(replace).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Войти снова' }));
    expect(replace).toHaveBeenCalledWith('/auth?next=%2Fcompanies');
  });

  it('the same token long after its renewal is an ordinary expiry: renewed and back', async () => {
    setCookie('old-5');
    sessionStorage.setItem(RENEWED_KEY, JSON.stringify({ token: 'old-5', at: Date.now() - 3 * 3600_000 }));
    answers = [renewed('fresh-5')];
    render(<RenewSession next="/companies" />);
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/companies'));
  });
});
