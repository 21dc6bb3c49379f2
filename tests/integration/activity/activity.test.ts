import { isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activityEvents } from '@/lib/server/db/schema';
import { flushActivity, recordActivity } from '@/lib/server/services/activity/record';
import { sberbank } from '../companies/fixtures';
import { upload } from '../files/harness';
import { shelf, shelfParams } from '../cost/fixtures';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';

type Summary = {
  today: string;
  weeks: { start: string; end: string; total: number; counts: Record<string, number> }[];
  streak: { days: number; today: boolean; best: number };
  achievements: { id: string; title: string; rule: string; done: number; goal: number; earnedOn: string | null; left: string }[];
  totals: Record<string, number>;
};

describe(`activity log (${testDriver()})`, () => {
  const suite = productSuite();
  const call = <B = Record<string, unknown>>(who: 'alice' | 'bob' | null, path: string, body: unknown) =>
    callProduct<B>(suite.ctx, who ? suite[who] : null, path, body);
  const summary = async (who: 'alice' | 'bob') => {
    const r = await call<Summary & { ok: boolean }>(who, 'activity/summary', {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  it('the real calls write their events; the summary counts them in this week, with the streak and achievements', async () => {
    const created = await call<{ id: string }>('alice', 'specs/create', { doc: shelf });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const specId = created.body.id;
    expect((await call('alice', 'specs/save', { id: specId, doc: { ...shelf, name: 'Полка дубовая' } })).status).toBe(200);
    // The editor recalculates after each edit: two calculations of one specification in a row are one калькуляция.
    for (let i = 0; i < 2; i++) expect((await call('alice', 'cost/calculate', { spec: { specId }, params: shelfParams })).status).toBe(200);
    expect((await call('alice', 'calculators/run', { id: 'vat', input: { amount: '100 000,00', mode: 'add', date: '2026-03-01' } })).status).toBe(200);
    expect((await call('alice', 'calculators/run', { id: 'markup', input: { cost: 1000, marginPct: '30' } })).status).toBe(200);
    // Signed out, a calculator run is nobody's activity.
    expect((await call(null, 'calculators/run', { id: 'markup', input: { cost: 1000, marginPct: '30' } })).status).toBe(200);
    const company = await call<{ company: { id: string } }>('alice', 'companies/create', sberbank);
    expect(company.status).toBe(200);
    const file = await upload(suite.ctx, suite.alice, 'Акт сверки.txt', Buffer.from('Акт сверки'));

    const s = await summary('alice');
    expect(s.weeks).toHaveLength(12);
    const week = s.weeks[11]!;
    expect(week.start <= s.today && s.today <= week.end).toBe(true);
    expect(week.counts).toMatchObject({
      'spec.created': 1,
      'spec.saved': 1,
      'cost.calculated': 1,
      'calculator.used': 2,
      'company.added': 1,
      'document.uploaded': 1,
      'document.generated': 0,
    });
    expect(week.total).toBe(7);
    expect(s.weeks.slice(0, 11).every((w) => w.total === 0)).toBe(true);
    expect(s.streak).toEqual({ days: 1, today: true, best: 1 });
    const a = Object.fromEntries(s.achievements.map((x) => [x.id, x]));
    expect(a['first-spec']).toMatchObject({ title: 'Первая спецификация', earnedOn: s.today, done: 1 });
    expect(a['first-company']).toMatchObject({ earnedOn: s.today });
    expect(a['five-calculators']).toMatchObject({ done: 2, earnedOn: null, left: 'ещё 3 калькулятора' });

    // One row per event, each with its subject.
    const rows = await suite.ctx.db.select().from(activityEvents);
    expect(rows.filter((r) => r.userId === suite.alice.user.id).map((r) => `${r.kind} ${r.subjectId}`).sort()).toEqual(
      [`spec.created ${specId}`, `spec.saved ${specId}`, `cost.calculated ${specId}`, 'calculator.used vat', 'calculator.used markup', `company.added ${company.body.company.id}`, `document.uploaded ${file.id}`].sort(),
    );
  });

  it("another user's events are invisible", async () => {
    const s = await summary('bob');
    expect(s.weeks.every((w) => w.total === 0)).toBe(true);
    expect(Object.values(s.totals).every((n) => n === 0)).toBe(true);
    expect(s.streak.days).toBe(0);
    expect(s.achievements.every((x) => x.earnedOn === null)).toBe(true);
    expect((await call(null, 'activity/summary', {})).status).toBe(401);
  });

  it('a failed write is logged and dropped: it never reaches the caller', async () => {
    // The database refuses the row (no user): recording still returns, the flush still resolves.
    expect(() => recordActivity(suite.ctx, null as unknown as string, 'spec.saved', 'x')).not.toThrow();
    await expect(flushActivity()).resolves.toBeUndefined();
    recordActivity(suite.ctx, suite.bob.user.id, 'lesson.completed', 'cost-basics/cost-items');
    const s = await summary('bob');
    expect(s.totals).toMatchObject({ 'spec.saved': 0, 'lesson.completed': 1 });
    expect(s.achievements.find((x) => x.id === 'first-lesson')!.earnedOn).toBe(s.today);
    expect(await suite.ctx.db.select().from(activityEvents).where(isNull(activityEvents.userId))).toEqual([]);
  });
});
