// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CALCULATORS, rateOn, type RateBook } from '@/lib/domain/calculators';
import { CALCULATOR_BASIS, sourcesOf } from '@/lib/domain/calculators/basis';
import { recordingReads } from '@/lib/domain/calculators/rates';
import { calculatorInputs, type CalculatorId } from '@/lib/schemas/calculators';
import { SAMPLE_INPUTS } from '../../../integration/calculators/samples';
import { book, run } from './helpers';

const decision = (date: string) => `Решение Совета директоров Банка России от ${date}`;
/** Runs a calculator on an input as the form sends it, normalized by its schema as the service does. */
const runRaw = async (id: string, raw: object) => run(id, await calculatorInputs[id as CalculatorId].parseAsync(raw));

describe('a calculation cites what it stands on', () => {
  it.each(CALCULATORS.map((c) => c.id))('%s: the law of its rule first, then the sources of the rates it read, none twice', async (id) => {
    const { sources } = await runRaw(id, SAMPLE_INPUTS[id]!);
    expect(sources.length).toBeGreaterThan(0);
    expect(sources.slice(0, CALCULATOR_BASIS[id]!.length)).toEqual(CALCULATOR_BASIS[id]);
    expect(new Set(sources).size).toBe(sources.length);
    for (const s of sources) expect(s.trim()).toMatch(/[А-Яа-яЁё]{2}/);
  });

  it('every calculator of the catalog has its basis, and no basis is left without a calculator', () => {
    expect(Object.keys(CALCULATOR_BASIS).sort()).toEqual(CALCULATORS.map((c) => c.id).sort());
  });

  it('each rule names its article', async () => {
    const cites = async (id: string, input: object) => (await runRaw(id, input)).sources.join(' | ');
    expect(await cites('vat', { amount: '100', mode: 'extract', date: '2026-03-01' })).toMatch(/ст\. 164 НК РФ/);
    expect(await cites('tax-penalty', { debt: '100000', dueDate: '2026-01-28', paymentDate: '2026-03-09', payer: 'organization' })).toMatch(/ст\. 75 НК РФ/);
    const salary = await cites('salary', { mode: 'gross', amount: '100000', incomeBefore: '0', month: '2026-01', tariff: 'general', accidentPct: '0.2' });
    expect(salary).toMatch(/п\. 1 ст\. 224 НК РФ/);
    expect(salary).toMatch(/ст\. 425, ст\. 427 НК РФ/);
    const vacation = await cites('vacation', { earnings: '600000', fullMonths: '12', days: 28, date: '2026-06-01' });
    expect(vacation).toMatch(/ст\. 139 ТК РФ/);
    expect(vacation).toMatch(/от 24\.12\.2007 № 922/);
    expect(vacation).toMatch(/ст\. 224 НК РФ/);
    expect(await cites('sick-leave', { earnings: [{ year: 2024, amount: '1000000' }, { year: 2025, amount: '1200000' }], insuranceYears: '6', days: 10, startDate: '2026-03-10' })).toMatch(/№ 255-ФЗ/);
    expect(await cites('employee-contributions', { monthlyPay: '100000', tariff: 'msp', month: '2026-01', accidentPct: '0.2' })).toMatch(/ст\. 425, ст\. 427 НК РФ/);
    expect(await cites('salary-delay', { amount: '50000', dueDate: '2026-02-10', paymentDate: '2026-02-25' })).toMatch(/ст\. 236 ТК РФ/);
    expect(await cites('interest-395', { debt: '100000', from: '2025-12-01', to: '2026-02-28' })).toMatch(/ст\. 395 ГК РФ/);
    expect(await cites('court-fee', { claim: '500000', date: '2026-03-01' })).toMatch(/ст\. 333\.21 НК РФ/);
  });

  it('the key rate cites the Банк России decision of the period it was in force', () => {
    const penalty = (dueDate: string, paymentDate: string) => run('tax-penalty', { debt: '100000', dueDate, paymentDate, payer: 'individual' }).sources;
    const november = penalty('2025-11-10', '2025-11-20');
    expect(november).toContain(decision('24.10.2025'));
    expect(november).not.toContain(decision('13.02.2026'));
    const march = penalty('2026-03-02', '2026-03-10');
    expect(march).toContain(decision('13.02.2026'));
    expect(march).not.toContain(decision('24.10.2025'));
    // Across two changes of the rate: each decision once, in date order, after the law.
    const across = penalty('2025-12-10', '2026-02-20');
    const decisions = across.filter((s) => s.startsWith('Решение Совета директоров'));
    expect(decisions).toEqual([decision('24.10.2025'), decision('19.12.2025'), decision('13.02.2026')]);
    expect(across.indexOf('ст. 75 НК РФ — пени за каждый календарный день просрочки уплаты налога (взноса)')).toBe(0);
    // Before 2016 the penalty ran on the refinancing rate: its own act, not a key rate decision.
    const old = penalty('2014-03-10', '2014-03-20');
    expect(old).toContain('Указание Банка России от 13.09.2012 № 2873-У');
    expect(old.some((s) => s.startsWith('Решение Совета директоров'))).toBe(false);
    // A contractual penalty at a share of the key rate cites the decision; at a percent per day, none.
    expect(run('contract-penalty', { amount: '500000', from: '2026-03-01', to: '2026-03-10', keyRateFraction: '1/300' }).sources).toContain(decision('13.02.2026'));
    expect(run('contract-penalty', { amount: '500000', from: '2026-03-01', to: '2026-03-10', pctPerDay: '0.1' }).sources).toEqual(CALCULATOR_BASIS['contract-penalty']);
  });

  it('a rate given by the user cites no rate row; the general rate read from the table cites its law', () => {
    expect(run('vat', { amount: '100', mode: 'add', ratePct: '10' }).sources).toEqual(CALCULATOR_BASIS.vat);
    expect(run('vat', { amount: '100', mode: 'add', date: '2026-03-01' }).sources).toContain('п. 3 ст. 164 НК РФ (Федеральный закон от 28.11.2025 № 425-ФЗ)');
  });
});

describe('recordingReads and sourcesOf', () => {
  const rows: RateBook = {
    key_rate: [
      { effectiveFrom: '2026-02-16', value: '15.5', source: 'Решение 13.02' },
      { effectiveFrom: '2025-12-22', value: '16', source: 'Решение 19.12' },
      { effectiveFrom: '2025-10-27', value: '16.5' },
    ],
    mrot: [{ effectiveFrom: '2026-01-01', value: '27093', source: 'Закон о МРОТ' }],
  };

  it('notes each row read through its own book once, in the order first read; the book it wraps notes nothing', () => {
    const rec = recordingReads(rows);
    rateOn(rec.book, 'key_rate', '2026-03-01');
    rateOn(rec.book, 'mrot', '2026-03-01');
    rateOn(rec.book, 'key_rate', '2025-12-25');
    rateOn(rec.book, 'key_rate', '2026-03-02');
    rateOn(rows, 'key_rate', '2025-11-01');
    expect(rec.reads().map((r) => `${r.kind} ${r.row.effectiveFrom}`)).toEqual(['key_rate 2026-02-16', 'mrot 2026-01-01', 'key_rate 2025-12-22']);
  });

  it('the law first, then each kind by date, without repeats; a row without a source adds nothing', () => {
    const rec = recordingReads(rows);
    for (const d of ['2026-03-01', '2025-11-01', '2025-12-25']) rateOn(rec.book, 'key_rate', d);
    rateOn(rec.book, 'mrot', '2026-03-01');
    expect(sourcesOf(['ст. 75 НК РФ', 'Закон о МРОТ'], rec.reads())).toEqual(['ст. 75 НК РФ', 'Закон о МРОТ', 'Решение 19.12', 'Решение 13.02']);
  });

  it('the seeded rows carry their sources into the calculators', () => {
    expect(book.key_rate!.every((r) => r.source?.startsWith('Решение Совета директоров Банка России от '))).toBe(true);
  });
});
