import { Dec, parseDecimal } from '@/lib/domain/money';
import type { CostParams, SpecDocument } from '@/lib/domain/cost';
import { COST_TAX_REGIMES } from '@/lib/domain/tax-regimes';
import { line } from './text';
import * as z from './zod';

/** The current version of the specification document (stored as a file-manager object's metadata). */
const SPEC_SCHEMA_VERSION = 1 as const;

/** Most lines a specification may hold (the editor and the engine are measured at this size). */
export const MAX_SPEC_LINES = 20_000;

interface DecOpts {
  /** Smallest value allowed (inclusive unless `gt`). */
  min?: string;
  gt?: boolean;
  max?: string;
  /** Upper bound is exclusive. */
  lt?: boolean;
  places?: number;
}

const showNum = (s: string) => s.replace('.', ',');

type Ctx = z.core.ParsePayload;

/** A transform's own issue (zod/mini hands a transform the parse payload, not a refinement context). */
const fail = (ctx: Ctx, input: unknown, message: string) => ctx.issues.push({ code: 'custom', message, input });

/**
 * A decimal on the wire: a JSON number or a string with a dot or comma and optional digit groups
 * ("1 234,56"); normalised to a plain decimal string with a dot.
 */
function checkDecimal(v: string | number, ctx: Ctx, opts: DecOpts): string {
  const r = parseDecimal(v, opts.places);
  if (!r.ok) {
    fail(ctx, v, r.message);
    return z.NEVER;
  }
  const d = r.value;
  if (opts.min !== undefined && (opts.gt ? d.lte(opts.min) : d.lt(opts.min))) {
    fail(
      ctx,
      v,
      opts.gt ? `Значение должно быть больше ${showNum(opts.min)}.` : opts.min === '0' ? 'Значение не может быть отрицательным.' : `Не меньше ${showNum(opts.min)}.`,
    );
    return z.NEVER;
  }
  if (opts.max !== undefined && (opts.lt ? d.gte(opts.max) : d.gt(opts.max))) {
    fail(ctx, v, opts.lt ? `Значение должно быть меньше ${showNum(opts.max)}.` : `Не больше ${showNum(opts.max)}.`);
    return z.NEVER;
  }
  return d.toFixed();
}

/**
 * A decimal on the wire: a JSON number or a string with a dot or comma and optional digit groups
 * ("1 234,56"); normalised to a plain decimal string with a dot.
 */
function decimalString(opts: DecOpts = {}) {
  return z.pipe(
    z.union([z.string(), z.number()], { error: 'Введите число.' }),
    z.transform((v: string | number, ctx) => checkDecimal(v, ctx, opts)),
  );
}

/** As decimalString; absent, null or "" → undefined. */
const optionalDecimal = (opts: DecOpts = {}) =>
  z.pipe(
    z.optional(z.union([z.string(), z.number(), z.null()], { error: 'Введите число.' })),
    z.transform((v: string | number | null | undefined, ctx): string | undefined => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
      return checkDecimal(v, ctx, opts);
    }),
  );

/** An optional single-line reference (an id, a row of another area): absent or "" → undefined. */
const optionalRef = (max: number) => z.pipe(z.optional(line(max)), z.transform((v: string | undefined) => v || undefined));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An optional id of a catalogue row (a UUID): absent or "" → undefined, anything else → `message`. */
const optionalUuid = (message: string) =>
  z.pipe(
    z.optional(z.string({ error: message })),
    z.transform((v: string | undefined, ctx): string | undefined => {
      const t = v?.trim();
      if (!t) return undefined;
      if (!UUID.test(t)) {
        fail(ctx, v, message);
        return z.NEVER;
      }
      return t;
    }),
  );

const nonNeg = () => decimalString({ min: '0' });
const pct = (max = '10000') => optionalDecimal({ min: '0', max });
const id = line(100, 'Укажите идентификатор строки.');
const name = (what: string) => line(500, `Укажите ${what}.`);
const unit = line(20, 'Укажите единицу измерения.');

/** A VAT rate: percent, or `none` / «без НДС» (not subject to VAT); absent or "" — not given. */
const vatRatePct = () =>
  z.pipe(
    z.optional(z.union([z.literal('none'), z.literal('без НДС'), z.literal(''), decimalString({ min: '0', max: '100' })])),
    z.transform((v: string | undefined) => (v === 'без НДС' ? 'none' : v === '' ? undefined : v)),
  );

export const materialLineSchema = z
  .object({
    id,
    name: name('наименование материала'),
    unit,
    qty: nonNeg(),
    wastePct: optionalDecimal({ min: '0', max: '1000' }),
    wasteMode: z.optional(z.enum(['uplift', 'share'], { error: 'Способ учёта отходов: «uplift» или «share».' })),
    price: optionalDecimal({ min: '0' }),
    priceIncludesVat: z.optional(z.boolean()),
    /** The supplier's VAT rate of the price: percent, or `none` («без НДС», not subject); absent — the калькуляция's. */
    priceVatPct: vatRatePct(),
    article: z.optional(z.enum(['materials', 'purchased', 'energy'], { error: 'Статья: materials, purchased или energy.' })),
    specId: optionalRef(100),
    /** A catalogue item («Номенклатура»): name, unit and price follow it when the specification is recalculated. */
    itemId: optionalRef(100),
    /** A sheet material entered in sheets or in м² with a utilisation %; `qty` is the derived figure in the line's unit. */
    sheet: z.pipe(
      z.optional(
        z.nullable(
          z.object({
            by: z.enum(['sheets', 'area'], { error: 'Ввод листового материала: sheets (листы) или area (м²).' }),
            sheets: optionalDecimal({ min: '0' }),
            areaM2: optionalDecimal({ min: '0' }),
            utilisationPct: optionalDecimal({ min: '0', gt: true, max: '100' }),
          }),
        ),
      ),
      z.transform(<T>(v: T | null | undefined) => v ?? undefined),
    ),
    returnable: z.pipe(
      z.optional(z.nullable(z.object({ qty: optionalDecimal({ min: '0' }), price: nonNeg() }))),
      z.transform((v: { qty: string | undefined; price: string } | null | undefined) => v ?? undefined),
    ),
  })
  .check(
    z.superRefine((m, ctx) => {
      if (m.wasteMode === 'share' && m.wastePct !== undefined && new Dec(m.wastePct).gte(100)) {
        ctx.addIssue({ code: 'custom', path: ['wastePct'], message: 'Доля отходов от брутто должна быть меньше 100 %.' });
      }
    }),
  );

export const operationSchema = z.object({
  id,
  name: name('название операции'),
  hours: nonNeg(),
  rate: nonNeg(),
  machineHours: optionalDecimal({ min: '0' }),
  machineRate: optionalDecimal({ min: '0' }),
  /**
   * A work centre / operation type of the catalogue: every calculation takes `rate` and `machineRate` from the
   * caller's centre (`centreRatesOf`); the figures here are the rates at the last save — used when the centre is
   * gone — and «Пересчитать» writes the new ones after the centre's rates change.
   */
  workCentreId: optionalUuid('Рабочий центр операции не найден — выберите его заново.'),
});

const uniqueIds = () =>
  z.superRefine((rows: readonly { id: string }[], ctx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(r.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Строка с таким идентификатором уже есть.' });
      seen.add(r.id);
    });
  });

const lines = <T extends z.core.$ZodType<{ id: string }>>(row: T) =>
  z.array(row).check(z.maxLength(MAX_SPEC_LINES, { error: `Не больше ${MAX_SPEC_LINES} строк.` }), uniqueIds());

/** The specification document. */
export const specificationSchema = z.object({
  schemaVersion: z.literal(SPEC_SCHEMA_VERSION, { error: 'Неизвестная версия документа спецификации (нужна 1).' }),
  name: name('название спецификации'),
  code: z.optional(line(100)),
  unit,
  outputQty: z.pipe(optionalDecimal({ min: '0', gt: true }), z.transform((v: string | undefined) => v ?? '1')),
  notes: z.optional(z.string().check(z.maxLength(10_000, { error: 'Не длиннее 10 000 знаков.' }))),
  processSetId: optionalRef(100),
  materials: lines(materialLineSchema),
  operations: z._default(lines(operationSchema), []),
});

/** Parsed documents are exactly what the engine takes. */
export const asSpecDocument = (s: z.output<typeof specificationSchema>): SpecDocument => s as SpecDocument;

const poolSchema = z
  .object({
    base: z._default(z.enum(['wages', 'direct', 'machineHours'], { error: 'База: wages, direct или machineHours.' }), 'wages'),
    pct: pct(),
    rate: optionalDecimal({ min: '0' }),
  })
  .check(
    z.superRefine((p, ctx) => {
      if (p.base === 'machineHours' && p.rate === undefined) {
        ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Укажите ставку за машино-час.' });
      }
    }),
  );

/** Parameters of a калькуляция. */
export const costParamsSchema = z
  .object({
    batchQty: optionalDecimal({ min: '0', gt: true }),
    additionalWagePct: pct(),
    contributionsPct: pct('100'),
    accidentPct: pct('100'),
    preparationPct: pct(),
    shop: z.optional(poolSchema),
    general: z.optional(poolSchema),
    defectsPct: pct('100'),
    otherPct: pct(),
    sellingPct: pct(),
    directCosting: z.optional(z.boolean()),
    markupPct: optionalDecimal({ min: '-100', gt: true }),
    marginPct: optionalDecimal({ max: '100', lt: true }),
    price: optionalDecimal({ min: '0', places: 2 }),
    taxRegime: z.optional(
      z.enum(COST_TAX_REGIMES, { error: `Система налогообложения: ${COST_TAX_REGIMES.slice(0, -1).join(', ')} или ${COST_TAX_REGIMES.at(-1)}.` }),
    ),
    vatRatePct: vatRatePct(),
    purchaseVatPct: pct('100'),
    semiFinishedMethod: z.optional(
      z.enum(['flow', 'semi'], { error: 'Метод учёта полуфабрикатов: flow (бесполуфабрикатный) или semi (полуфабрикатный).' }),
    ),
  })
  .check(
    z.superRefine((p, ctx) => {
      const given = (['markupPct', 'marginPct', 'price'] as const).filter((k) => p[k] !== undefined);
      if (given.length > 1) {
        for (const k of given) ctx.addIssue({ code: 'custom', path: [k], message: 'Укажите что-то одно: наценку, маржу или цену.' });
      }
    }),
  );

export const asCostParams = (p: z.output<typeof costParamsSchema>): CostParams => p as CostParams;

/** The fields of a business-process set (steps per unit of output); the save call adds its own. */
export const processSetShape = {
  name: name('название набора процессов'),
  steps: z.array(
    z.object({
      id,
      name: name('название шага'),
      role: z.optional(line(200)),
      time: nonNeg(),
      timeUnit: z._default(z.enum(['мин', 'ч'], { error: 'Единица времени: «мин» или «ч».' }), 'мин'),
      rate: nonNeg(),
      workers: optionalDecimal({ min: '0', gt: true }),
      /** A work centre of the catalogue: a new rate there is copied into this step. */
      workCentreId: optionalRef(100),
      equipment: z.optional(
        z.object({
          name: z.optional(line(200)),
          machineRate: optionalDecimal({ min: '0' }),
          powerKw: optionalDecimal({ min: '0' }),
          tariff: optionalDecimal({ min: '0' }),
        }),
      ),
    }),
  ).check(z.maxLength(500, { error: 'Не больше 500 шагов.' }), uniqueIds()),
};

/** A business-process set (steps per unit of output). */
export const processSetSchema = z.object(processSetShape);
