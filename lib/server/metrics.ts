import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from './context';
import { rows } from './db/rows';

/** What the project's server (server-metrics.mjs) keeps under `Symbol.for('kalkulus.metrics')`. */
type ServerMetrics = { render(): string };
const METRICS = Symbol.for('kalkulus.metrics');

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether the request carries `Authorization: Bearer <token>` (compared in constant time). */
export function metricsAuthorized(req: Request, token: string): boolean {
  const given = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The Prometheus text of this process: the server's request counts and latency by route and the chunks being
 * received (absent when the app runs without server.mjs), the database pool and the uploads still open.
 */
export async function metricsText(ctx: AppContext): Promise<string> {
  const server = (globalThis as { [METRICS]?: ServerMetrics })[METRICS];
  const pool = ctx.database.poolStats();
  const [open] = await rows<{ n: number }>(ctx.db, sql`select count(*)::int as n from files_uploads where status = 'open'`);
  const gauge = (name: string, help: string, value: number) => [`# HELP ${name} ${help}`, `# TYPE ${name} gauge`, `${name} ${value}`];
  return (
    (server?.render() ?? '') +
    [
      ...gauge('kalkulus_db_pool_connections', 'Database connections open in this process.', pool.total),
      ...gauge('kalkulus_db_pool_idle', 'Open database connections not in use.', pool.idle),
      ...gauge('kalkulus_db_pool_waiting', 'Queries waiting for a database connection.', pool.waiting),
      ...gauge('kalkulus_db_pool_max', 'The most database connections this process opens.', pool.max),
      ...gauge('kalkulus_uploads_open', 'Uploads started and neither completed nor aborted (all instances).', open?.n ?? 0),
    ].join('\n') +
    '\n'
  );
}
