import { line } from './text';
import { costParamsSchema, specificationSchema } from './specification';
import * as z from './zod';

/** Input of `cost/calculate`. */
const idSchema = z.string().check(z.trim(), z.minLength(1, { error: 'Укажите спецификацию.' }), z.maxLength(100));

const specRefSchema = z.strictObject({ specId: idSchema });
type SpecRef = z.output<typeof specRefSchema>;
type SpecOut = z.output<typeof specificationSchema>;

/** A specification document, or `{specId}` of a stored one; errors keep the document's field paths. */
const specOrRef = z.pipe(
  z.unknown(),
  z.transform((v: unknown, ctx): SpecRef | SpecOut => {
    if (!v || typeof v !== 'object') {
      ctx.issues.push({ code: 'custom', message: 'Передайте документ спецификации или {specId}.', input: v });
      return z.NEVER;
    }
    const isRef = 'specId' in v && !('materials' in v);
    const r = isRef ? specRefSchema.safeParse(v) : specificationSchema.safeParse(v);
    if (!r.success) {
      for (const issue of r.error.issues) ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path as (string | number)[], input: v });
      return z.NEVER;
    }
    return r.data;
  }),
);

const isoDate = () => z.optional(z.iso.date({ error: 'Дата в формате ГГГГ-ММ-ДД.' }));

export const calculateInputSchema = z.object({
  spec: specOrRef,
  params: z.pipe(
    z.pipe(
      z.optional(z.unknown()),
      z.transform((v: unknown) => v ?? {}),
    ),
    costParamsSchema,
  ),
  specs: z.optional(z.record(z.string().check(z.maxLength(100)), specificationSchema)),
  /** The date whose rates apply (YYYY-MM-DD); default today (Moscow). */
  date: isoDate(),
  /**
   * «Цена на дату» (YYYY-MM-DD): lines pointing at catalogue items take the items' prices valid that day, operations
   * pointing at work centres their rates. Absent: the prices saved in the documents.
   */
  priceDate: isoDate(),
  /** Take defaults from this own company (otherwise the first own company with costing, then saved defaults). */
  companyId: z.optional(z.uuid({ error: 'Неверный идентификатор компании.' })),
});
export type CalculateInput = z.output<typeof calculateInputSchema>;

const STEP_MESSAGE = 'Шаг — число процентов от 0,01 до 99,99.';

/** Input of `cost/sensitivity`: the calculation's and the step. */
const stepSchema = z._default(
  z.pipe(
    z.string({ error: 'Шаг — число процентов.' }).check(z.trim(), z.regex(/^\d{1,2}([.,]\d{1,2})?$/, { error: STEP_MESSAGE })),
    z.transform((s: string, ctx): string => {
      const v = s.replace(',', '.');
      if (Number(v) > 0) return v;
      ctx.issues.push({ code: 'custom', message: STEP_MESSAGE, input: s });
      return z.NEVER;
    }),
  ),
  '10',
);

export const sensitivityInputSchema = z.extend(calculateInputSchema, { stepPct: stepSchema });

/* Inputs of the calls in lib/server/services/cost/defaults-calls.ts. */
/** `params` — the cost parameters (replace the saved ones), `supplierPrices` — the basis of new lines' prices; either or both. */
export const saveCostDefaultsInput = z
  .object({
    params: z.optional(costParamsSchema),
    supplierPrices: z.optional(z.enum(['with', 'without'], { error: 'Цены поставщиков по умолчанию: with (с НДС) или without (без НДС).' })),
  })
  .check(z.refine((v) => v.params !== undefined || v.supplierPrices !== undefined, { error: 'Передайте параметры или базу цен поставщиков (supplierPrices).', path: ['params'] }));
export const getCostDefaultsInput = z.object({ companyId: z.optional(z.uuid({ error: 'Неверный идентификатор компании.' })) });

/* Inputs of the calls in lib/server/services/cost/scenarios.ts. */
export const listScenariosInput = z.object({});

const scenarioId = z.uuid({ error: 'Неверный идентификатор сценария.' });
export const saveScenarioInput = z
  .object({
    id: z.optional(scenarioId),
    version: z.optional(z.int().check(z.positive())),
    name: line(200, 'Введите название сценария.'),
    specId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
    spec: z.optional(specificationSchema),
    params: costParamsSchema,
  })
  .check(z.refine((v) => !!v.specId !== !!v.spec, { error: 'Укажите спецификацию: specId или документ.', path: ['specId'] }));
export const deleteScenarioInput = z.object({ id: scenarioId });
