import 'server-only';
import type { Db } from './client';
import type { PgliteLike } from './pglite-remote';
import { sessionOf } from './prepared';

/** How long the embedded database must have had no call in flight before a background job's next batch. */
const QUIET_MS = 4;
const POLL_MS = 2;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Between two batches of a background job (a price list's preview or apply): lets other requests go first. Always
 * one turn of the event loop. On the embedded database (PGlite: one connection, calls served in turn) it also
 * waits until no call has been in flight for `QUIET_MS` — a request of several queries then runs them one after
 * another instead of each waiting behind a batch — but for at most `maxMs` (the batch's own time: the job keeps at
 * least half of the database under any load). PostgreSQL serves requests side by side on its pool: no wait.
 */
export async function yieldToOthers(db: Db, maxMs: number): Promise<void> {
  await turn();
  const client = sessionOf(db) as Partial<PgliteLike>;
  if (typeof client.activity !== 'function') return;
  const until = performance.now() + maxMs;
  for (;;) {
    const { inFlight, answeredAt } = client.activity();
    const now = performance.now();
    if (now >= until || (inFlight === 0 && now - answeredAt >= QUIET_MS)) return;
    await sleep(POLL_MS);
  }
}
