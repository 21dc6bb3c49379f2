import 'server-only';
import type { AppContext } from './context';

/** The liveness answer: the same JSON from `/api/health` and the gateway call `health`. */
export function liveness() {
  return { status: 'alive', uptimeSeconds: Math.round(process.uptime()) };
}

export type Readiness = {
  ready: boolean;
  checks: { database: 'ok' | 'fail'; storage: 'ok' | 'fail' };
};

/** Readiness: the database answers a query and the blob store is reachable. */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const [database, storage] = await Promise.all([
    ctx.database.exec('select 1').then(
      () => 'ok' as const,
      () => 'fail' as const,
    ),
    ctx.blobs.ping().then(
      () => 'ok' as const,
      () => 'fail' as const,
    ),
  ]);
  return { ready: database === 'ok' && storage === 'ok', checks: { database, storage } };
}
