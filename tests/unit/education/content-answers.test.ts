// @vitest-environment node
/**
 * The shipped courses (content/education) against the product itself: every number answer is recomputed with the
 * product's own domain functions (cost engine, VAT, markup, contributions, penalties, НДФЛ, invoice totals), so a
 * change of a rule or a rate in the code breaks this test until the lesson is updated too. The routes and
 * calculators the lessons send the user to must exist.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculatorInputs, type CalculatorId } from '@/lib/schemas/calculators';
import { calculatorMetaById } from '@/lib/domain/calculators/meta';
import { monthlyContributions, type ContributionTariffs } from '@/lib/domain/calculators/contributions';
import { calcMarkup } from '@/lib/domain/calculators/markup';
import { ndflExact } from '@/lib/domain/calculators/ndfl';
import type { RateBook } from '@/lib/domain/calculators/rates';
import { calcTaxPenalty } from '@/lib/domain/calculators/tax-penalty';
import { calcVat } from '@/lib/domain/calculators/vat';
import { processTotals } from '@/lib/domain/business-processes';
import { calculateCost, type CostParams, type CostResult, type SpecDocument } from '@/lib/domain/cost';
import { invoiceTotals } from '@/lib/domain/docx/data';
import { MENU, type MenuItem } from '@/lib/domain/layout/menu';
import { dec, formatMoney, roundKop } from '@/lib/domain/money';
import { companyRequisiteErrors, validateInn } from '@/lib/domain/requisites';
import { loadContentTree, type ExerciseDef } from '@/lib/education/content.mjs';

const ROOT = process.cwd();
const { courses, errors } = loadContentTree(path.join(ROOT, 'content/education'), (p) => path.relative(ROOT, p), path.join(ROOT, 'public'));

const exercise = (ref: string): ExerciseDef => {
  const [courseId, rest] = ref.split('/');
  const [lessonId, exId] = rest!.split('#');
  const ex = courses.find((c) => c.id === courseId)?.lessons.find((l) => l.id === lessonId)?.exercises.find((e) => e.id === exId);
  if (!ex) throw new Error(`no exercise ${ref}`);
  return ex;
};
const answerOf = (ref: string): string => {
  const ex = exercise(ref);
  if (ex.kind !== 'number') throw new Error(`${ref} is not a number exercise`);
  return ex.answer;
};

// Rates of 2026 as the migrations insert them (the engine and calculators take them as data).
const RATES = { vatGeneralPct: '22', vatUsn5Pct: '5', vatUsn7Pct: '7', contributionsPct: '30' };
const TARIFFS_2026: ContributionTariffs = {
  general: { ratePct: '30', aboveCapPct: '15.1' },
  msp: { aboveMrotPct: '15', mrotMultiplier: '1.5' },
  'msp-manufacturing': { aboveMrotPct: '7.6', mrotMultiplier: '1.5' },
};
const CAP_2026 = dec('2979000');
const MROT_2026 = dec('27093');
const NDFL_SCALE = {
  brackets: [
    { from: '0', ratePct: '13' },
    { from: '2400000', ratePct: '15' },
    { from: '5000000', ratePct: '18' },
    { from: '20000000', ratePct: '20' },
    { from: '50000000', ratePct: '22' },
  ],
};
const PENALTY_BOOK: RateBook = {
  key_rate: [{ effectiveFrom: '2026-02-16', value: '15.5' }],
  refinancing_rate: [{ effectiveFrom: '2016-01-01', value: { equalsKeyRate: true } }],
  penalty_fractions: [
    {
      effectiveFrom: '2026-01-01',
      value: {
        organization: [
          { fromDay: 1, denominator: 300 },
          { fromDay: 31, denominator: 150 },
          { fromDay: 91, denominator: 300 },
        ],
        individual: [{ fromDay: 1, denominator: 300 }],
      },
    },
  ],
};

const spec = (name: string, materials: SpecDocument['materials'], operations: SpecDocument['operations'] = []): SpecDocument => ({
  schemaVersion: 1,
  name,
  unit: 'шт',
  materials,
  operations,
});
const cost = (s: SpecDocument, params: CostParams = {}, specs: Record<string, SpecDocument> = {}): CostResult =>
  calculateCost(s, params, { rates: RATES, resolve: (id) => specs[id] });

/** The stool of «Работа в Калькулусе», lesson 1 (the same data as the spec-cost task). */
const STOOL = spec(
  'Табурет',
  [
    { id: 'm1', name: 'Брус сосновый 40×40', unit: 'м', qty: '2.4', price: '85' },
    { id: 'm2', name: 'Щит мебельный, сосна 18 мм', unit: 'м²', qty: '0.12', price: '1450' },
    { id: 'm3', name: 'Саморез 4×50', unit: 'шт', qty: '16', price: '2.50' },
    { id: 'm4', name: 'Лак мебельный', unit: 'л', qty: '0.15', price: '620' },
  ],
  [
    { id: 'o1', name: 'Раскрой и сборка', hours: '1.5', rate: '450' },
    { id: 'o2', name: 'Шлифовка и лакировка', hours: '0.5', rate: '400' },
  ],
);
/** The stool of «Основы себестоимости»: materials 511,00, purchased caps 26,00, wages 875,00. */
const STOOL_DIRECT = spec(
  'Табурет',
  [
    { id: 'm', name: 'Материалы', unit: 'компл', qty: '1', price: '511' },
    { id: 'p', name: 'Заглушки', unit: 'шт', qty: '4', price: '6.50', article: 'purchased' },
  ],
  [{ id: 'o', name: 'Работа', hours: '1', rate: '875' }],
);
const SHELF = spec(
  'Полка',
  [
    { id: 'm1', name: 'Щит', unit: 'м²', qty: '0.4', wastePct: '10', price: '2000' },
    { id: 'm2', name: 'Крепёж', unit: 'компл', qty: '1', price: '150' },
  ],
  [{ id: 'o1', name: 'Сборка', hours: '0.8', rate: '500' }],
);
const SHELF_PARAMS: CostParams = {
  additionalWagePct: '10',
  shop: { base: 'wages', pct: '100' },
  general: { base: 'wages', pct: '50' },
  sellingPct: '5',
  markupPct: '30',
};
const SEAT = spec('Сиденье', [{ id: 's1', name: 'Щит', unit: 'м²', qty: '0.12', price: '1450' }], [{ id: 's2', name: 'Сиденье', hours: '0.4', rate: '450' }]);
const STOOL_WITH_SEAT = spec(
  'Табурет',
  [
    { id: 'own', name: 'Брус, саморезы, лак', unit: 'компл', qty: '1', price: '337' },
    { id: 'seat', name: 'Сиденье', unit: 'шт', qty: '1', specId: 'seat' },
  ],
  [{ id: 'o', name: 'Сборка', hours: '1.1', rate: '450' }],
);

const contributions = (pay: string, ytdBefore: string, tariff: 'general' | 'msp', accidentPct = '0') =>
  monthlyContributions({ pay: dec(pay), ytdBefore: dec(ytdBefore), tariff, tariffs: TARIFFS_2026, cap: CAP_2026, mrot: MROT_2026, accidentPct: dec(accidentPct) });

/** Exercise → the product's own answer. */
const COMPUTED: Record<string, () => string> = {
  'cost-basics/cost-items#workshop-cost': () => cost(spec('Т', [{ id: 'm', name: 'М', unit: 'компл', qty: '1', price: '511', returnable: { qty: '1', price: '12.40' } }], [{ id: 'o', name: 'Р', hours: '1', rate: '875' }]), { additionalWagePct: '10', shop: { base: 'wages', pct: '80' } }).perUnit.workshopCost,
  'cost-basics/cost-items#full-cost': () =>
    cost(spec('Т', [{ id: 'm', name: 'М', unit: 'компл', qty: '1', price: '511', returnable: { qty: '1', price: '12.40' } }], [{ id: 'o', name: 'Р', hours: '1', rate: '875' }]), {
      additionalWagePct: '10',
      shop: { base: 'wages', pct: '80' },
      general: { base: 'wages', pct: '50' },
      sellingPct: '3',
    }).perUnit.fullCost,
  'cost-basics/direct-indirect#direct-total': () => cost(STOOL_DIRECT).perUnit.directCost,
  'cost-basics/allocation#opr-wages': () => cost(STOOL_DIRECT, { shop: { base: 'wages', pct: '75' } }).perUnit.articles['10'],
  'cost-basics/allocation#rseo-machine-hours': () => cost(spec('Т', [], [{ id: 'o', name: 'Фрезеровка', hours: '0', rate: '0', machineHours: '0.35', machineRate: '300' }])).perUnit.articles['9'],
  'cost-basics/allocation#ohr-direct': () => cost(STOOL_DIRECT, { general: { base: 'direct', pct: '12.5' } }).perUnit.articles['11'],
  'cost-basics/semi-finished#flow-materials': () => cost(STOOL_WITH_SEAT, { semiFinishedMethod: 'flow' }, { seat: SEAT }).perUnit.articles['1'],
  'cost-basics/semi-finished#semi-line': () => cost(STOOL_WITH_SEAT, { semiFinishedMethod: 'semi', shop: { base: 'wages', pct: '80' } }, { seat: SEAT }).perUnit.articles['3'],
  'cost-basics/returnable-waste#waste-uplift': () => cost(spec('С', [{ id: 'w', name: 'Щит', unit: 'м²', qty: '0.96', wastePct: '20', wasteMode: 'uplift', price: '1450' }])).perUnit.articles['1'],
  'cost-basics/returnable-waste#waste-share': () => cost(spec('С', [{ id: 'w', name: 'Щит', unit: 'м²', qty: '0.96', wastePct: '20', wasteMode: 'share', price: '1450' }])).perUnit.articles['1'],
  'cost-basics/returnable-waste#returnable-net': () => cost(spec('Т', [{ id: 'b', name: 'Брус', unit: 'м', qty: '2.4', wastePct: '12.5', price: '85', returnable: { price: '12' } }])).perUnit.materialCost,
  'cost-basics/production-full-cost#shelf-full': () => cost(SHELF, SHELF_PARAMS).perUnit.fullCost,
  'cost-basics/production-full-cost#shelf-direct-costing': () => cost(SHELF, { ...SHELF_PARAMS, directCosting: true }).perUnit.productionCost,

  'prices-taxes/markup-margin#price-by-markup': () => calcMarkup({ cost: '1650.25', markupPct: '40' }).result.price,
  'prices-taxes/markup-margin#margin-of-price': () => calcMarkup({ cost: '2000', price: '2500' }).result.marginPct,
  'prices-taxes/markup-margin#price-by-margin': () => calcMarkup({ cost: '1400', marginPct: '30' }).result.price,
  'prices-taxes/vat#vat-extract': () => calcVat({ amount: '12200', ratePct: '22', mode: 'extract' }).result.vat,
  'prices-taxes/vat#vat-add': () => calcVat({ amount: '8455.30', ratePct: '22', mode: 'add' }).result.vat,
  'prices-taxes/usn-vat#usn5-extract': () => calcVat({ amount: '52500', ratePct: '5', mode: 'extract' }).result.vat,
  'prices-taxes/usn-vat#usn7-add': () => calcVat({ amount: '340000', ratePct: '7', mode: 'add' }).result.vat,
  'prices-taxes/contributions#general-tariff': () => {
    const c = contributions('80000', '0', 'general', '0.2');
    return c.contributions.plus(c.accident).toFixed(2);
  },
  'prices-taxes/contributions#above-cap': () => contributions('200000', '2900000', 'general').contributions.toFixed(2),
  'prices-taxes/contributions#msp-tariff': () => contributions('100000', '0', 'msp').contributions.toFixed(2),
  'prices-taxes/penalties#penalty-ip': () => calcTaxPenalty({ debt: '100000', dueDate: '2026-03-02', paymentDate: '2026-03-22', payer: 'individual' }, PENALTY_BOOK).result.amount,
  'prices-taxes/penalties#penalty-org': () => calcTaxPenalty({ debt: '300000', dueDate: '2026-03-02', paymentDate: '2026-04-21', payer: 'organization' }, PENALTY_BOOK).result.amount,
  'prices-taxes/ndfl#ndfl-3m': () => roundKop(ndflExact(NDFL_SCALE, '3000000')).toFixed(2),
  'prices-taxes/ndfl#ndfl-6m': () => roundKop(ndflExact(NDFL_SCALE, '6000000')).toFixed(2),
  'prices-taxes/ndfl#ndfl-december': () => roundKop(ndflExact(NDFL_SCALE, '2500000').minus(ndflExact(NDFL_SCALE, '2350000'))).toFixed(2),

  'kalkulus-practice/specifications#stool-materials': () => cost(STOOL).perUnit.articles['1'],
  'kalkulus-practice/business-processes#step-wage': () => processTotals({ name: 'Н', steps: [{ id: 's', name: 'Шлифовка', time: '12', timeUnit: 'мин', rate: '450' }] }).wages,
  'kalkulus-practice/business-processes#step-energy': () =>
    processTotals({ name: 'Н', steps: [{ id: 's', name: 'Шлифовка', time: '12', timeUnit: 'мин', rate: '450', equipment: { name: 'Станок', powerKw: '2.2', tariff: '8.40' } }] }).energy,
  'kalkulus-practice/cost-page#stool-with-opr': () => cost(STOOL, { shop: { base: 'wages', pct: '80' } }).perUnit.fullCost,
  'kalkulus-practice/calculators#markup-calculator': () => calcMarkup({ cost: '1650.25', marginPct: '25' }).result.price,
  'kalkulus-practice/documents-templates#invoice-total': () =>
    (
      invoiceTotals(
        [
          { name: 'Табурет', qty: '10', price: { $money: '2310.35' } },
          { name: 'Полка', qty: '4', price: { $money: '3006.93' } },
        ],
        '22',
      ).totals.total as { $money: string }
    ).$money,
};

/** «42 860,09 ₽» or «42860.09» → «42860.09». */
const plain = (s: string) => s.replace(/[\s\u00a0\u202f₽]/g, '').replace(',', '.');

describe('shipped education content', () => {
  it('passes the content check: three courses of at least five lessons, 2–4 exercises a lesson', () => {
    expect(errors).toEqual([]);
    expect(courses.map((c) => c.id)).toEqual(['cost-basics', 'prices-taxes', 'kalkulus-practice']);
    for (const c of courses) {
      expect(c.lessons.length).toBeGreaterThanOrEqual(5);
      for (const l of c.lessons) expect(l.exercises.length, `${c.id}/${l.id}`).toBeGreaterThanOrEqual(2);
      for (const l of c.lessons) expect(l.exercises.length, `${c.id}/${l.id}`).toBeLessThanOrEqual(4);
    }
  });

  it('every number answer is what the product itself computes', () => {
    const numbers = courses.flatMap((c) => c.lessons.flatMap((l) => l.exercises.filter((e) => e.kind === 'number').map((e) => `${c.id}/${l.id}#${e.id}`)));
    expect(numbers.filter((ref) => !COMPUTED[ref])).toEqual([]);
    for (const [ref, compute] of Object.entries(COMPUTED)) expect(answerOf(ref), ref).toBe(plain(compute()));
  });

  it('the stool task and the worked examples agree with the cost engine', () => {
    const stool = cost(STOOL);
    expect(stool.perUnit.fullCost).toBe('1650.25');
    const task = exercise('kalkulus-practice/specifications#stool');
    expect(task.kind === 'task' && task.solution).toContain(formatMoney(stool.perUnit.fullCost).replace(/\s₽$/, '').replace(/\u00a0/g, ' '));
    const shelf = cost(SHELF, SHELF_PARAMS);
    expect([shelf.perUnit.workshopCost, shelf.perUnit.productionCost, shelf.perUnit.priceNoVat, shelf.perUnit.vat, shelf.perUnit.priceWithVat]).toEqual([
      '2002.88',
      '2202.88',
      '3006.93',
      '661.52',
      '3668.45',
    ]);
    expect(cost(SEAT, { shop: { base: 'wages', pct: '80' } }).perUnit.articles['10']).toBe('144.00');
  });

  it('the training company of the lesson passes the product validation, the wrong ИНН do not', () => {
    const ex = exercise('kalkulus-practice/companies#inn-check');
    if (ex.kind !== 'choice') throw new Error('choice expected');
    const valid = ex.options.map((o, i) => [i, validateInn(o, 'organization').valid] as const).filter(([, v]) => v).map(([i]) => i);
    expect(valid).toEqual(ex.answers);
    expect(
      companyRequisiteErrors({
        isOwn: true,
        kind: 'legal',
        inn: '7709123453',
        kpp: '770901001',
        ogrn: '1267700987652',
        okpo: '',
        snils: '',
        taxRegime: 'osno',
        bankAccounts: [{ bik: '044525225', corrAccount: '30101810400000000225', account: '40702810740000004567' }],
      }),
    ).toEqual({});
  });

  it('links, screens and calculator tasks point to what exists', () => {
    const menu = (items: readonly MenuItem[]): string[] => items.flatMap((i) => [...(i.to ? [i.to] : []), ...menu(i.items ?? [])]);
    const known = new Set([...menu(MENU), '/specifications/create', '/documents/templates', '/calculators/rates']);
    const ok = (href: string) => known.has(href) || (/^\/calculators\/[a-z0-9-]+$/.test(href) && !!calculatorMetaById(href.split('/')[2]!)) || href.startsWith('/education/');
    for (const c of courses) {
      for (const l of c.lessons) {
        const hrefs = [...l.screens.map((s) => s.href), ...[...l.source.matchAll(/\]\((\/[^)\s]*)\)/g)].map((m) => m[1]!).filter((h) => !h.startsWith('/education/'))];
        for (const h of hrefs) expect(ok(h), `${c.id}/${l.id}: ${h}`).toBe(true);
        for (const ex of l.exercises) {
          if (ex.kind !== 'task' || ex.task !== 'calculator-run') continue;
          const id = String(ex.params?.calculator) as CalculatorId;
          expect(calculatorMetaById(id), id).toBeDefined();
          expect(calculatorInputs[id].safeParse(ex.params?.inputs ?? {}).success).toBe(true);
        }
      }
    }
  });
});
