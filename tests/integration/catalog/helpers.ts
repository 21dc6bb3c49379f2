import { expect } from 'vitest';
import { companies } from '@/lib/server/db/schema';
import type { AppContext } from '@/lib/server/context';
import type { TestUser } from '../../helpers/auth';
import { callProduct } from '../../helpers/product';
import { waitUntil } from '../../helpers/wait-until';

export type Body = Record<string, unknown> & { code?: string; msg?: string; fields?: Record<string, string> };

/** A product call that must succeed: its answer body. */
export async function ok<T = Body>(ctx: AppContext, user: TestUser, path: string, body: unknown): Promise<T> {
  const r = await callProduct<Body>(ctx, user, path, body);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body as T;
}

/** A supplier company of the user, written straight to the table. */
export async function supplier(ctx: AppContext, user: TestUser, name: string): Promise<string> {
  const [c] = await ctx.db.insert(companies).values({ ownerId: user.user.id, kind: 'legal', fullName: name, shortName: name }).returning({ id: companies.id });
  return c!.id;
}

/** Polls `catalog/import/status` until the import leaves the `busy` state (`parsing`, `applying`); its last status. */
export const waitImport = (ctx: AppContext, user: TestUser, importId: string, busy: string) =>
  waitUntil(
    async () => {
      const s = await ok<{ state: string } & Record<string, unknown>>(ctx, user, 'catalog/import/status', { importId });
      return s.state !== busy && s;
    },
    { what: `the import to leave «${busy}»` },
  );
