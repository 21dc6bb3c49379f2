import { describe, expect, it } from 'vitest';
import type { Db } from '@/lib/server/db/client';
import { yieldToOthers } from '@/lib/server/db/yield';

/** A database whose client reports a call in flight until `busyUntil` (performance.now()). */
const pglite = (busyUntil: number) =>
  ({ $client: { activity: () => (performance.now() < busyUntil ? { inFlight: 1, answeredAt: 0 } : { inFlight: 0, answeredAt: busyUntil }) } }) as unknown as Db;

describe('yieldToOthers', () => {
  it('on PGlite waits while another call is in flight, then until the database has been quiet a moment', async () => {
    const t0 = performance.now();
    await yieldToOthers(pglite(t0 + 40), 1000);
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(40);
    expect(waited).toBeLessThan(500);
  });

  it('waits no longer than the batch took, however busy the database', async () => {
    const t0 = performance.now();
    await yieldToOthers(pglite(t0 + 60_000), 30);
    const waited = performance.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(30);
    expect(waited).toBeLessThan(1000);
  });

  it('PostgreSQL (no activity to read): one turn of the event loop only', async () => {
    const t0 = performance.now();
    await yieldToOthers({ $client: {} } as unknown as Db, 60_000);
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
