import { isValidDate } from '@/lib/domain/calculators/dates';
import { parseDecimal } from '@/lib/domain/money';
import { z } from './classic';

/**
 * Wire schemas of the calculators, shared by the form and the service.
 * Numbers arrive as JSON numbers or strings with a comma or spaces ("1 234,56") and leave as decimal
 * strings with a dot; ints and booleans also accept their string forms (the page sends URL values as is).
 */

interface DecOpts {
  places?: number;
  /** Inclusive lower bound (default 0: negatives refused). `null` = no bound. */
  min?: string | null;
  /** Strictly greater than this. */
  gt?: string;
  max?: string;
  /** Strictly less than this. */
  lt?: string;
}

const fmt = (v: string) => v.replace('.', ',');

/** A decimal field: parsed exactly, checked against bounds, sent on as a normalized string. */
export function decimal(opts: DecOpts = {}) {
  const { places = 2, min = '0', gt, max, lt } = opts;
  return z
    .unknown()
    .transform((v, ctx) => {
      const r = parseDecimal(v, places);
      if (!r.ok) {
        ctx.addIssue({ code: 'custom', message: r.message });
        return z.NEVER;
      }
      const d = r.value;
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (gt !== undefined && d.lte(gt)) return fail(gt === '0' ? 'Значение должно быть больше нуля.' : `Значение должно быть больше ${fmt(gt)}.`);
      if (min !== null && gt === undefined && d.lt(min)) return fail(min === '0' ? 'Значение не может быть отрицательным.' : `Значение не может быть меньше ${fmt(min)}.`);
      if (max !== undefined && d.gt(max)) return fail(`Значение не может быть больше ${fmt(max)}.`);
      if (lt !== undefined && d.gte(lt)) return fail(`Значение должно быть меньше ${fmt(lt)}.`);
      return d.toFixed();
    });
}

const money = (opts: Omit<DecOpts, 'places'> = {}) => decimal({ ...opts, places: 2 });
/** Percent with up to 4 decimals, 0…100 unless told. */
const percent = (opts: Omit<DecOpts, 'places'> = {}) => decimal({ max: '100', ...opts, places: 4 });

/** A whole number in [min, max]; accepts "12" from a URL. */
export function int(min: number, max: number) {
  return z.unknown().transform((v, ctx) => {
    const r = parseDecimal(v, 0);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: r.reason === 'places' ? 'Введите целое число.' : r.message });
      return z.NEVER;
    }
    if (r.value.lt(min) || r.value.gt(max)) {
      ctx.addIssue({ code: 'custom', message: `Введите целое число от ${min} до ${max}.` });
      return z.NEVER;
    }
    return r.value.toNumber();
  });
}

export const isoDate = () =>
  z.string({ error: 'Укажите дату.' }).refine(isValidDate, { message: 'Введите дату в формате ГГГГ-ММ-ДД.' });

const isoMonth = () =>
  z.string({ error: 'Укажите месяц.' }).regex(/^(19|20)\d\d-(0[1-9]|1[0-2])$/, { message: 'Введите месяц в формате ГГГГ-ММ.' });

const bool = () =>
  z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], { error: 'Выберите да или нет.' }).transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: 'Выберите значение из списка.' });

/** An optional field: an empty string or null counts as left out. */
const opt = <S extends z.ZodType>(s: S) => z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());
/** A field with a default when left out. */
const dflt = <S extends z.ZodType>(s: S, value: unknown) => z.preprocess((v) => (v === '' || v === null || v === undefined ? value : v), s);
/** Required: a clear message when missing. */
const req = <S extends z.ZodType>(s: S) =>
  z.preprocess((v) => v, z.unknown().refine((v) => v !== undefined && v !== null && v !== '', { message: 'Заполните поле.' }).pipe(s));

/** A JSON array that may come as a string from the URL. */
const list = <S extends z.ZodType>(item: S, minItems: number, maxItems: number) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z.array(item, { error: 'Ожидается список.' }).min(minItems, { message: minItems === 1 ? 'Добавьте хотя бы одну строку.' : `Нужно не меньше ${minItems} строк.` }).max(maxItems, { message: `Не больше ${maxItems} строк.` }),
  );

/** Partial payments of a debt: `[{date, amount}]` (the debt is smaller from the day after each). */
const payments = opt(list(z.object({ date: req(isoDate()), amount: req(money({ gt: '0' })) }), 0, 100));

const tariff = dflt(choice(['general', 'msp', 'msp-manufacturing'] as const), 'general');
const accidentPct = dflt(percent({ max: '8.5' }), '0.2');

const exactlyOne = (keys: string[], message: string) => (v: Record<string, unknown>, ctx: z.RefinementCtx) => {
  const given = keys.filter((k) => v[k] !== undefined);
  if (given.length !== 1) for (const k of given.length ? given.slice(1) : [keys[0]!]) ctx.addIssue({ code: 'custom', path: [k], message });
};

/** Input schema per calculator id. */
export const calculatorInputs = {
  vat: z.object({
    amount: req(money()),
    ratePct: opt(percent()),
    mode: dflt(choice(['add', 'extract'] as const), 'add'),
    date: opt(isoDate()),
  }),
  markup: z
    .object({
      cost: req(money({ gt: '0' })),
      markupPct: opt(decimal({ places: 4, gt: '-100', min: null })),
      marginPct: opt(decimal({ places: 4, lt: '100', min: null })),
      price: opt(money({ gt: '0' })),
    })
    .superRefine(exactlyOne(['markupPct', 'marginPct', 'price'], 'Укажите что-то одно: наценку, маржу или цену.')),
  salary: z.object({
    mode: dflt(choice(['gross', 'net'] as const), 'gross'),
    amount: req(money({ gt: '0' })),
    incomeBefore: dflt(money(), '0'),
    month: opt(isoMonth()),
    tariff,
    accidentPct,
    children: opt(int(0, 20)),
    disabledChildren: opt(int(0, 20)),
    deductionsBefore: opt(money()),
  }),
  vacation: z.object({
    earnings: req(money({ gt: '0' })),
    fullMonths: dflt(int(0, 12), 12),
    partialMonths: dflt(list(z.object({ calendarDays: req(int(28, 31)), workedDays: req(int(1, 31)) }), 0, 12), []),
    days: req(int(1, 365)),
    date: opt(isoDate()),
    /** Income since January before the vacation pay: НДФЛ on the progressive scale. */
    incomeBefore: opt(money()),
  }),
  'vacation-compensation': z.object({
    monthsWorked: req(int(0, 600)),
    daysUsed: dflt(decimal({ places: 2 }), '0'),
    averageDaily: req(money({ gt: '0' })),
    annualDays: dflt(int(1, 365), 28),
    elevenMonthsFullYear: opt(bool()),
  }),
  'sick-leave': z.object({
    earnings: req(list(z.object({ year: req(int(2000, 2100)), amount: req(money()) }), 1, 2)),
    insuranceYears: req(decimal({ places: 2, max: '80' })),
    days: req(int(1, 366)),
    startDate: req(isoDate()),
  }),
  'tax-penalty': z.object({
    debt: req(money({ gt: '0' })),
    dueDate: req(isoDate()),
    paymentDate: req(isoDate()),
    payer: dflt(choice(['organization', 'individual'] as const), 'organization'),
    payments,
  }),
  'interest-395': z.object({ debt: req(money({ gt: '0' })), from: req(isoDate()), to: req(isoDate()), payments }),
  'salary-delay': z.object({ amount: req(money({ gt: '0' })), dueDate: req(isoDate()), paymentDate: req(isoDate()), payments }),
  'contract-penalty': z
    .object({
      amount: req(money({ gt: '0' })),
      from: req(isoDate()),
      to: req(isoDate()),
      pctPerDay: opt(decimal({ places: 4, gt: '0', max: '100' })),
      keyRateFraction: opt(z.string().regex(/^\s*1\s*\/\s*[1-9]\d{0,4}\s*$/, { message: 'Доля ключевой ставки записывается как 1/300.' }).transform((s) => s.replace(/\s/g, ''))),
      capPct: opt(percent({ gt: '0', max: '1000' })),
    })
    .superRefine(exactlyOne(['pctPerDay', 'keyRateFraction'], 'Укажите что-то одно: процент в день или долю ключевой ставки.')),
  usn: z
    .object({
      year: opt(int(2003, 2100)),
      object: dflt(choice(['income', 'income-expenses'] as const), 'income'),
      income: opt(money()),
      expenses: opt(money()),
      contributions: opt(money()),
      entrepreneurWithoutEmployees: opt(bool()),
      ratePct: opt(percent({ max: '15' })),
      quarters: opt(list(z.object({ income: req(money()), expenses: opt(money()), contributions: opt(money()) }), 1, 4)),
      payer: opt(choice(['organization', 'entrepreneur'] as const)),
    })
    .superRefine((v, ctx) => {
      if (v.income === undefined && !v.quarters?.length) ctx.addIssue({ code: 'custom', path: ['income'], message: 'Заполните поле.' });
    }),
  'ip-contributions': z.object({
    year: opt(int(2017, 2100)),
    income: dflt(money(), '0'),
    expenses: opt(money()),
    object: opt(choice(['income', 'income-expenses'] as const)),
    registeredFrom: opt(isoDate()),
  }),
  'employee-contributions': z.object({
    monthlyPay: req(money({ gt: '0' })),
    ytdBefore: dflt(money(), '0'),
    tariff,
    accidentPct,
    month: opt(isoMonth()),
  }),
  depreciation: z.object({
    cost: req(money({ gt: '0' })),
    usefulLifeMonths: req(int(1, 1200)),
    method: dflt(choice(['straight', 'declining'] as const), 'straight'),
    factor: opt(decimal({ places: 2, gt: '0', max: '3' })),
  }),
  'break-even': z.object({
    fixedCosts: req(money()),
    price: req(money({ gt: '0' })),
    variableCost: dflt(money(), '0'),
    plannedQty: opt(decimal({ places: 3, gt: '0' })),
  }),
  loan: z.object({
    principal: req(money({ gt: '0' })),
    annualRatePct: req(percent({ max: '1000' })),
    months: req(int(1, 600)),
    type: dflt(choice(['annuity', 'differentiated'] as const), 'annuity'),
  }),
  leasing: z.object({
    priceWithVat: req(money({ gt: '0' })),
    advancePct: dflt(percent({ lt: '100' }), '0'),
    months: req(int(1, 600)),
    annualRatePct: req(percent({ max: '1000' })),
    buyout: dflt(money(), '0'),
    date: opt(isoDate()),
  }),
  investment: z.object({
    investment: req(money({ gt: '0' })),
    cashFlows: req(list(money({ min: null }), 1, 50)),
    ratePct: req(percent({ gt: '-100', min: null, max: '1000' })),
  }),
  'court-fee': z.object({ claim: req(money({ gt: '0' })), date: opt(isoDate()) }),
} as const;

export type CalculatorId = keyof typeof calculatorInputs;

export const runCalculatorSchema = z.object({
  id: z.string({ error: 'Укажите калькулятор.' }).min(1, { message: 'Укажите калькулятор.' }),
  input: z.record(z.string(), z.unknown(), { error: 'Ожидается объект с полями калькулятора.' }).default({}),
});

/** One line of a calculator's explanation. */
export interface CalcStep {
  label: string;
  formula: string;
  value: string;
}

/* Inputs of the calls in lib/server/services/calculators/custom-calls.ts. */
export const copyCustomInput = z.object({ token: z.string({ error: 'Укажите ссылку на калькулятор.' }).min(10, { message: 'Укажите ссылку на калькулятор.' }).max(64) });
export const shareCustomInput = z.object({ id: z.string({ error: 'Укажите калькулятор.' }).min(1) });
export const deleteCustomInput = z.object({ id: z.string({ error: 'Укажите калькулятор.' }).min(1) });

/** How many runs a user keeps (`calculators/recent`). */
export const RECENT_RUNS_KEEP = 30;

/* Inputs of the calls in lib/server/services/calculators/recent-runs.ts. */
export const recentRunsInput = z.object({
  calcId: z.string().optional(),
  limit: z.number({ error: 'Укажите число.' }).int().min(1).max(RECENT_RUNS_KEEP).default(10),
});
