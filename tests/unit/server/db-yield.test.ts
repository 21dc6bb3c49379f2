import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '@/lib/server/db/client';
import { yieldToOthers } from '@/lib/server/db/yield';

/** A database whose client reports a call in flight until `busyUntil` (performance.now()). */
const pglite = (busyUntil: number) =>
  ({ $client: { activity: () => (performance.now() < busyUntil ? { inFlight: 1, answeredAt: 0 } : { inFlight: 0, answeredAt: busyUntil }) } }) as unknown as Db;

/** `yieldToOthers` started now, with whether it has returned yet. */
const started = (db: Db, maxMs: number) => {
  const state = { done: false };
  void yieldToOthers(db, maxMs).then(() => (state.done = true));
  return state;
};

// Time is what is judged: the clock, the event loop's turn and the polls are fake, and the test moves them on.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'clearImmediate', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('yieldToOthers', () => {
  it('on PGlite waits while another call is in flight, then until the database has been quiet a moment', async () => {
    const t0 = performance.now();
    const run = started(pglite(t0 + 40), 1000);
    await vi.advanceTimersByTimeAsync(43);
    expect(run.done).toBe(false); // busy until 40, quiet for 3 ms only
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done).toBe(true); // quiet for 4 ms (QUIET_MS)
  });

  it('waits no longer than the batch took, however busy the database', async () => {
    const t0 = performance.now();
    const run = started(pglite(t0 + 60_000), 30);
    await vi.advanceTimersByTimeAsync(29);
    expect(run.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.done).toBe(true);
  });

  it('PostgreSQL (no activity to read): one turn of the event loop only', async () => {
    const run = started({ $client: {} } as unknown as Db, 60_000);
    await Promise.resolve();
    expect(run.done).toBe(false); // not before the turn
    await vi.advanceTimersByTimeAsync(0);
    expect(run.done).toBe(true);
  });
});
