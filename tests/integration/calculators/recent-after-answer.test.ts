// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityEvents, calculatorRuns } from '@/lib/server/db/schema';
import { revokeSession } from '@/lib/server/services/auth/sessions';
import { requireUser } from '@/lib/server/services/auth/require-user';
import { callProduct } from '../../helpers/product';
import { createTestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';

/** A signed-in run is remembered after its answer: written before the server exits, skipped for an ended session. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.destroy();
});

/** What the server runs after the last answer, before it exits (lib/server/shutdown.ts). */
const shutdown = () => (globalThis as { [k: symbol]: (() => Promise<void>) | undefined })[Symbol.for('kalkulus.shutdown')]!();

describe(`recent runs after the answer (${testDriver()})`, () => {
  it('the shutdown writes the queued runs and their activity; an ended session’s run is not remembered', async () => {
    const a = await createTestUser(ctx);
    const b = await createTestUser(ctx);
    const { sid } = await requireUser(ctx, new Request('http://localhost/', { headers: b.headers }));
    await revokeSession(ctx, sid, 'logout');
    for (const who of [a, b]) {
      const r = await callProduct(ctx, who, 'calculators/run', { id: 'vat', input: { amount: '100', mode: 'add' } });
      expect(r.status).toBe(200);
    }
    await shutdown();
    const runs = (id: string) => ctx.db.select().from(calculatorRuns).where(eq(calculatorRuns.userId, id));
    expect((await runs(a.user.id)).map((r) => [r.calcId, r.input])).toEqual([['vat', { amount: '100', mode: 'add' }]]);
    expect(await runs(b.user.id)).toEqual([]);
    const events = await ctx.db.select().from(activityEvents).where(and(eq(activityEvents.userId, a.user.id), eq(activityEvents.kind, 'calculator.used')));
    expect(events.map((e) => e.subjectId)).toEqual(['vat']);
  });

  it('keeps each user’s latest 30 runs; the activity log counts every run', async () => {
    const a = await createTestUser(ctx);
    const b = await createTestUser(ctx);
    for (let i = 1; i <= 33; i++) {
      await callProduct(ctx, a, 'calculators/run', { id: 'vat', input: { amount: String(i), mode: 'add' } });
      if (i % 11 === 0) await callProduct(ctx, b, 'calculators/run', { id: 'vat', input: { amount: `${i}0`, mode: 'add' } });
    }
    const recentB = await callProduct<{ runs: { input: { amount: string } }[] }>(ctx, b, 'calculators/recent', { limit: 30 });
    expect(recentB.body.runs.map((r) => r.input.amount)).toEqual(['330', '220', '110']);
    await shutdown();
    const used = await ctx.db.select().from(activityEvents).where(and(eq(activityEvents.userId, a.user.id), eq(activityEvents.kind, 'calculator.used')));
    expect(used).toHaveLength(33);
    const recent = await callProduct<{ runs: { input: { amount: string } }[] }>(ctx, a, 'calculators/recent', { limit: 30 });
    expect(recent.body.runs.map((r) => r.input.amount)).toEqual(Array.from({ length: 30 }, (_, i) => String(33 - i)));
    expect(await ctx.db.select().from(calculatorRuns).where(eq(calculatorRuns.userId, a.user.id))).toHaveLength(30);
  });
});
