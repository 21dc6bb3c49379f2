import { randomBytes } from 'node:crypto';
import { test as base, expect, type APIRequestContext, type BrowserContext } from '@playwright/test';

export interface SignedUp {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Registers a fresh unique user through the real `register` call (API tests: send `Authorization: Bearer`). */
export async function signUp(request: APIRequestContext, opts: { email?: string; password?: string } = {}): Promise<SignedUp> {
  const email = opts.email ?? `e2e-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}@example.ru`;
  const password = opts.password ?? `Пароль-${randomBytes(4).toString('hex')}`;
  const res = await request.post('/auth-back/api/v2/register', { data: { login: email, password } });
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok() || body.ok !== true || typeof body.accessToken !== 'string' || typeof body.refreshToken !== 'string') {
    throw new Error(`register failed: ${res.status()} ${JSON.stringify(body)}`);
  }
  return { email, password, accessToken: body.accessToken, refreshToken: body.refreshToken };
}

/** Puts a user's tokens into a browser context the way the app does (accessToken cookie + HttpOnly refresh cookie). */
export async function signInContext(context: BrowserContext, baseURL: string, user: SignedUp): Promise<void> {
  const url = new URL(baseURL);
  const expires = Math.floor(Date.now() / 1000) + 48000 * 60;
  await context.addCookies([
    { name: 'accessToken', value: user.accessToken, domain: url.hostname, path: '/', expires, sameSite: 'Lax' },
    {
      name: 'refreshToken',
      value: user.refreshToken,
      domain: url.hostname,
      path: '/',
      expires: Math.floor(Date.now() / 1000) + 1440 * 60,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/**
 * `import { test, expect } from './fixtures'`: the `user` fixture registers a fresh user and signs `page`
 * (its browser context) in. Tests that do not ask for `user` stay signed out.
 */
export const test = base.extend<{ user: SignedUp }>({
  user: async ({ request, context, baseURL }, provide) => {
    const user = await signUp(request);
    await signInContext(context, baseURL ?? 'http://127.0.0.1:3018', user);
    await provide(user);
  },
});

export { expect };
