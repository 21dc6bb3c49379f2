// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALCULATORS, type RateKind } from '@/lib/domain/calculators';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { rates } from '@/lib/server/db/schema';
import { loadRateBook } from '@/lib/server/services/calculators/rates';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { seedRateBook, seedRateSources, unofficialSource } from '../../helpers/rates';
import { SAMPLE_ANSWERS, SAMPLE_INPUTS } from './samples';

let ctx: TestContext;
let admin: TestUser;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createTestUser(ctx, { roles: ['admin'] });
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

type Answer = { status: number; body: Record<string, unknown> & { fields?: Record<string, string>; code?: string; msg?: string } };

async function call(who: TestUser | null, path: string, body: unknown): Promise<Answer> {
  const res = await dispatch(
    services.product,
    new Request(`http://localhost/api/v1/${path}`, {
      method: 'POST',
      headers: who ? who.headers : { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    ctx,
  );
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe(`calculators (${testDriver()})`, () => {
  it('the database holds exactly the seeded rates the unit tests use', async () => {
    const seed = seedRateBook();
    const fromDb = await loadRateBook(ctx.db, Object.keys(seed) as RateKind[]);
    expect(fromDb).toEqual(seed);
    expect(fromDb.key_rate?.at(-1)).toEqual({ effectiveFrom: '2026-02-16', value: '15.5', source: 'Решение Совета директоров Банка России от 13.02.2026' });
    expect(fromDb.key_rate?.[0]).toEqual({ effectiveFrom: '2013-09-13', value: '5.5', source: 'Решение Совета директоров Банка России от 13.09.2013' });
    expect(fromDb.refinancing_rate).toEqual([
      { effectiveFrom: '2012-09-14', value: '8.25', source: 'Указание Банка России от 13.09.2012 № 2873-У' },
      { effectiveFrom: '2016-01-01', value: { equalsKeyRate: true }, source: expect.stringMatching(/^Указание Банка России от 11\.12\.2015 № 3894-У/) },
    ]);
  });

  it('every rate row after the migrations names its official source (law and article, Банк России, decree)', async () => {
    const rows = await ctx.db.select({ kind: rates.kind, effectiveFrom: rates.effectiveFrom, source: rates.source }).from(rates);
    expect(rows.length).toBeGreaterThan(100);
    const bad = rows.map((r) => ({ ...r, why: unofficialSource(r.source) })).filter((r) => r.why);
    expect(bad).toEqual([]);
    // The unit tests read the same texts off the migrations' SQL.
    const key = (r: { kind: string; effectiveFrom: string }) => `${r.kind}|${r.effectiveFrom}`;
    const fromDb = Object.fromEntries(rows.map((r) => [key(r), r.source]));
    expect(Object.fromEntries(seedRateSources().map((r) => [key(r), r.source]))).toEqual(fromDb);
  });

  it('calculators/list: 19 calculators in five groups', async () => {
    const r = await call(null, 'calculators/list', {});
    expect(r.status).toBe(200);
    const list = r.body.calculators as { id: string; title: string; group: string; description: string }[];
    expect(list).toHaveLength(19);
    expect(new Set(list.map((c) => c.group))).toEqual(new Set(['Налоги', 'Зарплата и кадры', 'Финансы и кредиты', 'Договоры и суды', 'Производство']));
    expect(list.find((c) => c.id === 'vat')).toMatchObject({ title: 'НДС: начислить / выделить', group: 'Налоги' });
  });

  it.each(CALCULATORS.map((c) => c.id))('calculators/run answers %s with the worked figure and steps', async (id) => {
    const r = await call(null, 'calculators/run', { id, input: SAMPLE_INPUTS[id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [key, value] = SAMPLE_ANSWERS[id]!;
    expect((r.body.result as Record<string, unknown>)[key]).toEqual(value);
    const steps = r.body.steps as { label: string; formula: string; value: string }[];
    expect(steps.length).toBeGreaterThan(0);
    for (const s of steps) {
      expect(s.label).toMatch(/[А-Яа-яЁё]/);
      expect(typeof s.formula).toBe('string');
      expect(typeof s.value).toBe('string');
    }
    // «Основание»: the law of the rule first, then the rates' sources as the database holds them.
    const sources = r.body.sources as string[];
    expect(sources.slice(0, CALCULATORS.find((c) => c.id === id)!.basis.length)).toEqual(CALCULATORS.find((c) => c.id === id)!.basis);
    for (const s of sources) expect(s).toMatch(/[А-Яа-яЁё]/);
  });

  it('bad input → 422 with Russian messages per field', async () => {
    const r = await call(null, 'calculators/run', { id: 'vat', input: { amount: '12,345', mode: 'both', date: '2026-02-30' } });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('VALIDATION_ERROR');
    expect(r.body.fields).toEqual({
      'input.amount': 'Не больше двух знаков после запятой (копейки).',
      'input.mode': 'Выберите значение из списка.',
      'input.date': 'Введите дату в формате ГГГГ-ММ-ДД.',
    });
    const missing = await call(null, 'calculators/run', { id: 'tax-penalty', input: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.fields).toMatchObject({ 'input.debt': 'Заполните поле.', 'input.dueDate': 'Заполните поле.' });
    const markup = await call(null, 'calculators/run', { id: 'markup', input: { cost: '100', markupPct: '10', price: '120' } });
    expect(markup.body.fields).toEqual({ 'input.price': 'Укажите что-то одно: наценку, маржу или цену.' });
  });

  it('facts a calculator refuses are field errors too, never a 500', async () => {
    const r = await call(null, 'calculators/run', { id: 'break-even', input: { fixedCosts: '1', price: '100', variableCost: '100' } });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ 'input.price': expect.stringMatching(/больше переменных затрат/) });
    const back = await call(null, 'calculators/run', { id: 'interest-395', input: { debt: '1', from: '2026-02-01', to: '2026-01-01' } });
    expect(back.status).toBe(422);
    expect(back.body.fields).toEqual({ 'input.to': 'Конец периода не может быть раньше начала.' });
  });

  it('a date before the rate table → 422 RATE_MISSING with a Russian message', async () => {
    const r = await call(null, 'calculators/run', { id: 'tax-penalty', input: { debt: '1000', dueDate: '2012-01-01', paymentDate: '2012-02-01' } });
    expect(r.status).toBe(422);
    expect(r.body).toMatchObject({ ok: false, code: 'RATE_MISSING', msg: expect.stringMatching(/^Нет ставки «Ставка рефинансирования Банка России, % \(с 01\.01\.2016 равна ключевой\)» на 02\.01\.2012/) });
    const key = await call(null, 'calculators/run', { id: 'contract-penalty', input: { amount: '1000', from: '2013-09-01', to: '2013-09-30', keyRateFraction: '1/300' } });
    expect(key.body).toMatchObject({ code: 'RATE_MISSING', msg: expect.stringMatching(/^Нет ставки «Ключевая ставка Банка России, %» на 01\.09\.2013/) });
  });

  it('ст. 395 for days under the district deposit rates (01.06.2015 – 31.07.2016) → 422 naming the rule', async () => {
    const r = await call(null, 'calculators/run', { id: 'interest-395', input: { debt: '1000', from: '2016-07-01', to: '2016-08-31' } });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ 'input.from': expect.stringMatching(/^С 01\.06\.2015 по 31\.07\.2016 проценты по ст\. 395 ГК считались по средним ставкам/) });
    const old = await call(null, 'calculators/run', { id: 'interest-395', input: { debt: '100000', from: '2014-01-01', to: '2014-12-31' } });
    expect(old.body.result).toMatchObject({ amount: '8250.00' });
  });

  it('unknown calculator → 404; malformed body → 422', async () => {
    const r = await call(null, 'calculators/run', { id: 'nope', input: {} });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('Такого калькулятора нет.');
    const bad = await call(null, 'calculators/run', { input: 5 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(['id', 'input']);
  });

  it('recent runs are kept per signed-in user', async () => {
    await call(user, 'calculators/run', { id: 'vat', input: { amount: '10', mode: 'add' } });
    await call(user, 'calculators/run', { id: 'court-fee', input: { claim: '500000' } });
    await call(admin, 'calculators/run', { id: 'loan', input: { principal: '1', annualRatePct: '1', months: 1 } });
    const mine = await call(user, 'calculators/recent', {});
    expect(mine.status).toBe(200);
    expect((mine.body.runs as { calcId: string; input: unknown }[]).map((x) => [x.calcId, x.input])).toEqual([
      ['court-fee', { claim: '500000' }],
      ['vat', { amount: '10', mode: 'add' }],
    ]);
    expect((await call(null, 'calculators/recent', {})).status).toBe(401);
  });

  it('rate tables: anyone signed in reads, only an admin adds; a new key rate changes penalties at once', async () => {
    const list = await call(user, 'calculators/rates/list', { kind: 'key_rate' });
    expect(list.status).toBe(200);
    expect((list.body.kinds as { usedBy: { id: string }[] }[])[0]!.usedBy.map((u) => u.id)).toEqual(['tax-penalty', 'salary-delay', 'interest-395', 'contract-penalty']);
    expect((list.body.rates as unknown[]).length).toBe(62);
    expect((await call(null, 'calculators/rates/list', {})).status).toBe(401);

    const row = { kind: 'key_rate', effectiveFrom: '2026-03-23', value: '15', source: 'Решение Банка России 20.03.2026 (тест)' };
    const denied = await call(user, 'calculators/rates/add', row);
    expect(denied.status).toBe(403);

    const input = { debt: '300000', dueDate: '2026-03-20', paymentDate: '2026-03-26', payer: 'individual' };
    const before = await call(null, 'calculators/run', { id: 'tax-penalty', input });
    expect((before.body.result as { amount: string }).amount).toBe('930.00');

    const added = await call(admin, 'calculators/rates/add', row);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.rate).toMatchObject({ kind: 'key_rate', effectiveFrom: '2026-03-23', value: '15', createdBy: admin.user.id });
    const again = await call(admin, 'calculators/rates/add', row);
    expect(again.status).toBe(409);

    // 21–22.03 at 15,5 % and 23–26.03 at 15 %: 300 000 / 300 × (15,5 % × 2 + 15 % × 4) = 310 + 600
    const after = await call(null, 'calculators/run', { id: 'tax-penalty', input });
    expect(after.body.result).toMatchObject({ amount: '910.00', periods: [{ ratePct: '15.5', days: 2 }, { ratePct: '15', days: 4 }] });
    // Each period's rate cites its own row: the decision of 13.02.2026, then the new row's source.
    const keyRateSources = (after.body.sources as string[]).filter((t) => /Банка России/.test(t) && !/Указание/.test(t));
    expect(keyRateSources).toEqual(['Решение Совета директоров Банка России от 13.02.2026', 'Решение Банка России 20.03.2026 (тест)']);
    expect(before.body.sources).not.toContain('Решение Банка России 20.03.2026 (тест)');
  });

  it('partial payments over the wire; a payment outside the period is a field error', async () => {
    const input = { debt: '100 000', from: '2026-01-10', to: '2026-02-28', payments: [{ date: '2026-02-05', amount: '40 000' }] };
    const r = await call(null, 'calculators/run', { id: 'interest-395', input });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.result).toMatchObject({ amount: '1777.80', periods: [{ debt: '100000.00' }, { debt: '60000.00' }, { debt: '60000.00' }] });
    const bad = await call(null, 'calculators/run', { id: 'interest-395', input: { ...input, payments: [{ date: '2026-03-01', amount: '1' }] } });
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toEqual({ 'input.payments.0.date': 'Дата оплаты должна быть в периоде 10.01.2026 – 28.02.2026.' });
  });

  it('the shares of the key rate are dated rows too: a new rule row changes the penalty', async () => {
    const input = { debt: '150000', dueDate: '2027-01-10', paymentDate: '2027-01-12', payer: 'individual' };
    const before = await call(null, 'calculators/run', { id: 'tax-penalty', input });
    // 150 000 × key rate / 300 × 2 (the key rate is whatever the table holds for 2027)
    expect(before.body.result).toMatchObject({ periods: [{ fraction: '1/300' }] });
    const amount = (before.body.result as { amount: string }).amount;
    const rule = {
      organization: [{ fromDay: 1, denominator: 300 }],
      individual: [{ fromDay: 1, denominator: 150 }],
    };
    const added = await call(admin, 'calculators/rates/add', { kind: 'penalty_fractions', effectiveFrom: '2027-01-01', value: rule, source: 'тест' });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const after = await call(null, 'calculators/run', { id: 'tax-penalty', input });
    expect(after.body.result).toMatchObject({ amount: (Number(amount) * 2).toFixed(2), periods: [{ fraction: '1/150' }] });
  });

  it('rate values are checked by kind', async () => {
    const r = await call(admin, 'calculators/rates/add', { kind: 'ndfl_scale', effectiveFrom: '2027-01-01', value: { brackets: [{ from: '100', ratePct: 'x' }] }, source: 'тест' });
    expect(r.status).toBe(422);
    expect(r.body.fields).toEqual({ 'value.brackets.0.ratePct': expect.stringMatching(/Введите число/) });
    const from = await call(admin, 'calculators/rates/add', { kind: 'ndfl_scale', effectiveFrom: '2027-01-01', value: { brackets: [{ from: '100', ratePct: '13' }] }, source: 'тест' });
    expect(from.body.fields).toEqual({ 'value.brackets': 'Первая ступень шкалы начинается с 0.' });
    const scalar = await call(admin, 'calculators/rates/add', { kind: 'mrot', effectiveFrom: '2027-01-01', value: '-5', source: 'тест' });
    expect(scalar.body.fields).toEqual({ value: 'Значение не может быть отрицательным.' });
  });
});
