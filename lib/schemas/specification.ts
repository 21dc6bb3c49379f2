import { Dec, parseDecimal } from '@/lib/domain/money';
import type { CostParams, SpecDocument } from '@/lib/domain/cost';
import { COST_TAX_REGIMES } from '@/lib/domain/tax-regimes';
import { z } from './envelope';

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

/**
 * A decimal on the wire: a JSON number or a string with a dot or comma and optional digit groups
 * ("1 234,56"); normalised to a plain decimal string with a dot.
 */
function checkDecimal(v: string | number, ctx: z.RefinementCtx, opts: DecOpts): string | typeof z.NEVER {
  const r = parseDecimal(v, opts.places);
  if (!r.ok) {
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  }
  const d = r.value;
  if (opts.min !== undefined && (opts.gt ? d.lte(opts.min) : d.lt(opts.min))) {
    ctx.addIssue({
      code: 'custom',
      message: opts.gt ? `Значение должно быть больше ${showNum(opts.min)}.` : opts.min === '0' ? 'Значение не может быть отрицательным.' : `Не меньше ${showNum(opts.min)}.`,
    });
    return z.NEVER;
  }
  if (opts.max !== undefined && (opts.lt ? d.gte(opts.max) : d.gt(opts.max))) {
    ctx.addIssue({ code: 'custom', message: opts.lt ? `Значение должно быть меньше ${showNum(opts.max)}.` : `Не больше ${showNum(opts.max)}.` });
    return z.NEVER;
  }
  return d.toFixed();
}

/**
 * A decimal on the wire: a JSON number or a string with a dot or comma and optional digit groups
 * ("1 234,56"); normalised to a plain decimal string with a dot.
 */
function decimalString(opts: DecOpts = {}) {
  return z.union([z.string(), z.number()], { error: 'Введите число.' }).transform((v, ctx) => checkDecimal(v, ctx, opts));
}

/** As decimalString; absent, null or "" → undefined. */
const optionalDecimal = (opts: DecOpts = {}) =>
  z
    .union([z.string(), z.number(), z.null()], { error: 'Введите число.' })
    .optional()
    .transform((v, ctx): string | undefined => {
      if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return undefined;
      return checkDecimal(v, ctx, opts);
    });

const nonNeg = () => decimalString({ min: '0' });
const pct = (max = '10000') => optionalDecimal({ min: '0', max });
const id = z.string({ error: 'Укажите идентификатор строки.' }).trim().min(1, { error: 'Укажите идентификатор строки.' }).max(100);
const name = (what: string) =>
  z.string({ error: `Укажите ${what}.` }).trim().min(1, { error: `Укажите ${what}.` }).max(500, { error: 'Не длиннее 500 знаков.' });
/** An optional reference to a row of another area (absent or "" = none). */
const optionalRef = z.string().trim().max(100).optional().transform((v) => v || undefined);
const unit = z.string({ error: 'Укажите единицу измерения.' }).trim().min(1, { error: 'Укажите единицу измерения.' }).max(20, { error: 'Не длиннее 20 знаков.' });

export const materialLineSchema = z
  .object({
    id,
    name: name('наименование материала'),
    unit,
    qty: nonNeg(),
    wastePct: optionalDecimal({ min: '0', max: '1000' }),
    wasteMode: z.enum(['uplift', 'share'], { error: 'Способ учёта отходов: «uplift» или «share».' }).optional(),
    price: optionalDecimal({ min: '0' }),
    priceIncludesVat: z.boolean().optional(),
    article: z.enum(['materials', 'purchased', 'energy'], { error: 'Статья: materials, purchased или energy.' }).optional(),
    specId: z.string().trim().max(100).optional().transform((v) => v || undefined),
    /** A catalogue item («Номенклатура»): name, unit and price follow it when the specification is recalculated. */
    itemId: optionalRef,
    /** A sheet material entered in sheets or in м² with a utilisation %; `qty` is the derived figure in the line's unit. */
    sheet: z
      .object({
        by: z.enum(['sheets', 'area'], { error: 'Ввод листового материала: sheets (листы) или area (м²).' }),
        sheets: optionalDecimal({ min: '0' }),
        areaM2: optionalDecimal({ min: '0' }),
        utilisationPct: optionalDecimal({ min: '0', gt: true, max: '100' }),
      })
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
    returnable: z
      .object({ qty: optionalDecimal({ min: '0' }), price: nonNeg() })
      .optional()
      .nullable()
      .transform((v) => v ?? undefined),
  })
  .superRefine((m, ctx) => {
    if (m.wasteMode === 'share' && m.wastePct !== undefined && new Dec(m.wastePct).gte(100)) {
      ctx.addIssue({ code: 'custom', path: ['wastePct'], message: 'Доля отходов от брутто должна быть меньше 100 %.' });
    }
  });

export const operationSchema = z.object({
  id,
  name: name('название операции'),
  hours: nonNeg(),
  rate: nonNeg(),
  machineHours: optionalDecimal({ min: '0' }),
  machineRate: optionalDecimal({ min: '0' }),
  /** A work centre / operation type of the catalogue: its rates follow it when the specification is recalculated. */
  workCentreId: optionalRef,
});

const uniqueIds = (rows: { id: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  rows.forEach((r, i) => {
    if (seen.has(r.id)) ctx.addIssue({ code: 'custom', path: [i, 'id'], message: 'Строка с таким идентификатором уже есть.' });
    seen.add(r.id);
  });
};

/** The specification document. */
export const specificationSchema = z.object({
  schemaVersion: z.literal(SPEC_SCHEMA_VERSION, { error: 'Неизвестная версия документа спецификации (нужна 1).' }),
  name: name('название спецификации'),
  code: z.string().trim().max(100, { error: 'Не длиннее 100 знаков.' }).optional(),
  unit,
  outputQty: optionalDecimal({ min: '0', gt: true }).transform((v) => v ?? '1'),
  notes: z.string().max(10_000, { error: 'Не длиннее 10 000 знаков.' }).optional(),
  processSetId: z.string().trim().max(100).optional().transform((v) => v || undefined),
  materials: z.array(materialLineSchema).max(MAX_SPEC_LINES, { error: `Не больше ${MAX_SPEC_LINES} строк.` }).superRefine(uniqueIds),
  operations: z.array(operationSchema).max(MAX_SPEC_LINES, { error: `Не больше ${MAX_SPEC_LINES} строк.` }).superRefine(uniqueIds).default([]),
});

/** Parsed documents are exactly what the engine takes. */
export const asSpecDocument = (s: z.output<typeof specificationSchema>): SpecDocument => s as SpecDocument;

const poolSchema = z
  .object({
    base: z.enum(['wages', 'direct', 'machineHours'], { error: 'База: wages, direct или machineHours.' }).default('wages'),
    pct: pct(),
    rate: optionalDecimal({ min: '0' }),
  })
  .superRefine((p, ctx) => {
    if (p.base === 'machineHours' && p.rate === undefined) {
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'Укажите ставку за машино-час.' });
    }
  });

/** Parameters of a калькуляция. */
export const costParamsSchema = z
  .object({
    batchQty: optionalDecimal({ min: '0', gt: true }),
    additionalWagePct: pct(),
    contributionsPct: pct('100'),
    accidentPct: pct('100'),
    preparationPct: pct(),
    shop: poolSchema.optional(),
    general: poolSchema.optional(),
    defectsPct: pct('100'),
    otherPct: pct(),
    sellingPct: pct(),
    directCosting: z.boolean().optional(),
    markupPct: optionalDecimal({ min: '-100', gt: true }),
    marginPct: optionalDecimal({ max: '100', lt: true }),
    price: optionalDecimal({ min: '0', places: 2 }),
    taxRegime: z.enum(COST_TAX_REGIMES, { error: `Система налогообложения: ${COST_TAX_REGIMES.slice(0, -1).join(', ')} или ${COST_TAX_REGIMES.at(-1)}.` }).optional(),
    vatRatePct: z
      .union([z.literal('none'), z.literal('без НДС'), decimalString({ min: '0', max: '100' })])
      .optional()
      .transform((v) => (v === 'без НДС' ? 'none' : v)),
    purchaseVatPct: pct('100'),
    semiFinishedMethod: z
      .enum(['flow', 'semi'], { error: 'Метод учёта полуфабрикатов: flow (бесполуфабрикатный) или semi (полуфабрикатный).' })
      .optional(),
  })
  .superRefine((p, ctx) => {
    const given = (['markupPct', 'marginPct', 'price'] as const).filter((k) => p[k] !== undefined);
    if (given.length > 1) {
      for (const k of given) ctx.addIssue({ code: 'custom', path: [k], message: 'Укажите что-то одно: наценку, маржу или цену.' });
    }
  });

export const asCostParams = (p: z.output<typeof costParamsSchema>): CostParams => p as CostParams;

/** A business-process set (steps per unit of output). */
export const processSetSchema = z.object({
  name: name('название набора процессов'),
  steps: z
    .array(
      z.object({
        id,
        name: name('название шага'),
        role: z.string().trim().max(200, { error: 'Не длиннее 200 знаков.' }).optional(),
        time: nonNeg(),
        timeUnit: z.enum(['мин', 'ч'], { error: 'Единица времени: «мин» или «ч».' }).default('мин'),
        rate: nonNeg(),
        workers: optionalDecimal({ min: '0', gt: true }),
        /** A work centre of the catalogue: a new rate there is copied into this step. */
        workCentreId: optionalRef,
        equipment: z
          .object({
            name: z.string().trim().max(200).optional(),
            machineRate: optionalDecimal({ min: '0' }),
            powerKw: optionalDecimal({ min: '0' }),
            tariff: optionalDecimal({ min: '0' }),
          })
          .optional(),
      }),
    )
    .max(500, { error: 'Не больше 500 шагов.' })
    .superRefine(uniqueIds),
});
