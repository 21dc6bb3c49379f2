import { desc, eq } from 'drizzle-orm';
import * as authRoute from '@/app/auth-back/api/v2/[...path]/route';
import { PEER_HEADER } from '@/lib/server/client-ip';
import { outbox } from '@/lib/server/db/schema';
import type { TestContext } from '../../helpers/context';

export interface CallAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  cookies: string[];
}

let ipCounter = 1;
/** A fresh client address per test file part, so rate limits of one test do not leak into another. */
export const nextIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

/** POSTs one auth call through the real route handler (cookie layer included). */
export async function authCall(
  call: string,
  body: unknown = {},
  opts: { headers?: Record<string, string>; ip?: string } = {},
): Promise<CallAnswer> {
  const res = await authRoute.POST(
    new Request(`http://localhost/auth-back/api/v2/${call}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [PEER_HEADER]: opts.ip ?? '203.0.113.1', ...opts.headers },
      body: JSON.stringify(body),
    }),
  );
  return {
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
    headers: res.headers,
    cookies: res.headers.getSetCookie(),
  };
}

export const bearer = (token: unknown) => ({ authorization: `Bearer ${String(token)}` });

/** The last letter sent to an address, from the outbox. */
export async function lastMail(ctx: TestContext, to: string) {
  const [row] = await ctx.db.select().from(outbox).where(eq(outbox.recipient, to)).orderBy(desc(outbox.id)).limit(1);
  return row;
}

/** The token at the end of a `/path/{token}` link in a letter. */
export function linkToken(text: string, path: string): string {
  const m = text.match(new RegExp(`${path}/([A-Za-z0-9_-]+)`));
  if (!m?.[1]) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
}

export const uniqueEmail = (tag = 'u') => `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.ru`;
