import type { AppContext } from '@/lib/server/context';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import type { TestUser } from './auth';

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
