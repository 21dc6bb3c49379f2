import { RATE_KINDS, type RateKind } from '@/lib/domain/calculators/rates';
import { decimal, int, isoDate } from './calculators';
import { z } from './classic';
import { line } from './text';

/** Wire schemas of the dated rate tables (admin screen and `calculators/rates/*` calls). */

const amount = decimal({ places: 2 });
const pct = decimal({ places: 4, max: '100' });

const scalar = (max?: string) => decimal({ places: 4, max });

/** Bands of days of delay with their share of the key rate: `[{fromDay: 1, denominator: 300}, …]`. */
const fractionBands = z
  .array(z.object({ fromDay: int(1, 100000), denominator: int(1, 100000) }))
  .min(1, { message: 'Добавьте хотя бы одну полосу дней.' })
  .refine((b) => b[0]?.fromDay === 1, { message: 'Первая полоса начинается с 1-го дня.' })
  .refine((b) => b.every((x, i) => i === 0 || x.fromDay > b[i - 1]!.fromDay), { message: 'Дни полос должны возрастать.' });

/** A yearly date `MM-DD` (a due date). */
const monthDay = z.string({ error: 'Укажите дату как ММ-ДД.' }).regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'Укажите дату как ММ-ДД.' });

/** The shape of `value` for every kind: scalars are decimal strings, scales are objects. */
export const rateValueSchemas: Record<RateKind, z.ZodType> = {
  vat: scalar('100'),
  vat_usn_5: scalar('100'),
  vat_usn_7: scalar('100'),
  vat_reduced: scalar('100'),
  vat_zero: scalar('100'),
  key_rate: scalar('100'),
  refinancing_rate: z.union([scalar('100'), z.strictObject({ equalsKeyRate: z.literal(true) })], {
    error: 'Укажите ставку в процентах или {"equalsKeyRate": true} (равна ключевой).',
  }),
  mrot: amount,
  insurance_base_cap: amount,
  contribution_tariffs: z.object({
    general: z.object({ ratePct: pct, aboveCapPct: pct }),
    msp: z.object({ aboveMrotPct: pct, mrotMultiplier: decimal({ places: 2 }) }),
    'msp-manufacturing': z.object({ aboveMrotPct: pct, mrotMultiplier: decimal({ places: 2 }) }),
  }),
  ndfl_scale: z.object({
    brackets: z
      .array(z.object({ from: amount, ratePct: pct }))
      .min(1, { message: 'Добавьте хотя бы одну ступень шкалы.' })
      .refine((b) => b[0]?.from === '0', { message: 'Первая ступень шкалы начинается с 0.' }),
  }),
  ip_fixed_contribution: amount,
  ip_additional_cap: amount,
  ip_additional_threshold: amount,
  ip_additional_rate: scalar('100'),
  usn_income_rate: scalar('100'),
  usn_income_expenses_rate: scalar('100'),
  usn_minimum_rate: scalar('100'),
  court_fee_arbitration: z.object({
    brackets: z
      .array(z.object({ from: amount, fixed: amount, pct }))
      .min(1, { message: 'Добавьте хотя бы одну ступень шкалы.' })
      .refine((b) => b[0]?.from === '0', { message: 'Первая ступень шкалы начинается с 0.' }),
    max: amount,
  }),
  penalty_fractions: z.object({
    organization: fractionBands,
    individual: fractionBands,
    /** The row applies to arrears whose first day of delay is on or after this date. */
    debtsFrom: isoDate().optional(),
    /** false: the day of payment bears no penalty. */
    paymentDayCounted: z.boolean({ error: 'Укажите true или false.' }).optional(),
  }),
  interest_395_rules: z.object({
    base: z.enum(['refinancing', 'deposits', 'key'], { error: 'Укажите refinancing, deposits или key.' }),
  }),
  salary_delay_denominator: decimal({ places: 0, gt: '0', max: '10000' }),
  vacation_average_days: decimal({ places: 2, gt: '0', max: '31' }),
  sick_leave_rules: z.object({
    periodDays: decimal({ places: 0, gt: '0', max: '1000' }),
    mrotMonths: decimal({ places: 0, gt: '0', max: '100' }),
    employerDays: int(0, 30),
    shortRecordYears: decimal({ places: 2 }),
    shares: z
      .array(z.object({ fromYears: decimal({ places: 2 }), pct: pct }))
      .min(1, { message: 'Добавьте хотя бы одну ступень стажа.' })
      .refine((b) => b[0]?.fromYears === '0', { message: 'Первая ступень стажа начинается с 0.' }),
  }),
  usn_contribution_limits: z.object({ withoutEmployeesPct: pct, withEmployeesPct: pct }),
  usn_payment_terms: z.object({
    advances: z.array(monthDay).length(3, { message: 'Нужны три срока авансов: за I квартал, полугодие и 9 месяцев.' }),
    organization: monthDay,
    entrepreneur: monthDay,
  }),
  ndfl_child_deductions: z.object({ first: amount, second: amount, third: amount, disabled: amount, incomeLimit: amount }),
};

const kinds = Object.keys(RATE_KINDS) as [RateKind, ...RateKind[]];
const rateKindSchema = z.enum(kinds, { error: 'Неизвестный вид ставки.' });

export const listRatesSchema = z.object({ kind: rateKindSchema.optional() });

export const addRateSchema = z
  .object({
    kind: rateKindSchema,
    effectiveFrom: isoDate(),
    value: z.unknown(),
    source: line(500, 'Укажите источник.').check(z.minLength(3, { error: 'Укажите источник: документ или ссылку.' })),
  })
  .transform((v, ctx) => {
    const parsed = rateValueSchemas[v.kind].safeParse(v.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['value', ...issue.path.map(String)], message: issue.message });
      return z.NEVER;
    }
    return { ...v, value: parsed.data };
  });

/** The largest XLSX the key-rate import reads (the full table since 2013 is well under 1 МБ). */
const MAX_KEY_RATE_XLSX_BYTES = 5 * 1024 * 1024;
export const MAX_KEY_RATE_XLSX_BASE64 = Math.ceil((MAX_KEY_RATE_XLSX_BYTES * 4) / 3) + 4;

/** `calculators/rates/import-key-rate`: the book as base64; `apply` adds the new rows (otherwise a preview). */
export const importKeyRateSchema = z.object({
  xlsx: z
    .string({ error: 'Выберите файл XLSX.' })
    .min(1, { error: 'Файл пустой.' })
    .max(MAX_KEY_RATE_XLSX_BASE64, { error: 'Файл больше 5 МБ.' })
    .regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'Передайте книгу XLSX в base64.' }),
  apply: z.boolean({ error: 'Укажите true или false.' }).optional(),
});
