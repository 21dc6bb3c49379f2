import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '@/lib/server/context';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { createTestUser, type TestUser } from './auth';
import { createTestContext, type TestContext } from './context';

export type ProductAnswer<B = Record<string, unknown>> = { status: number; body: B };

/** POSTs a product call (`/api/v1/<path>`) through the gateway, as `user` or signed out. */
export async function callProduct<B = Record<string, unknown>>(
  ctx: AppContext,
  user: TestUser | null,
  path: string,
  body: unknown,
): Promise<ProductAnswer<B>> {
  const res = await dispatch(
    services.product,
    new Request(`http://localhost/api/v1/${path}`, {
      method: 'POST',
      headers: user ? user.headers : { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    ctx,
  );
  return { status: res.status, body: (await res.json()) as B };
}

export interface ProductSuite {
  ctx: TestContext;
  alice: TestUser;
  bob: TestUser;
}

/**
 * A test file's own database and two signed-in users: filled in `beforeAll`, destroyed in `afterAll`
 * (read the fields inside tests, not at import time).
 */
export function productSuite(): ProductSuite {
  const suite = {} as ProductSuite;
  beforeAll(async () => {
    suite.ctx = await createTestContext();
    suite.alice = await createTestUser(suite.ctx);
    suite.bob = await createTestUser(suite.ctx);
  });
  afterAll(async () => {
    await suite.ctx.destroy();
  });
  return suite;
}
