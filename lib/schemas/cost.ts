import { z } from './classic';
import { line } from './text';
import { costParamsSchema, specificationSchema } from './specification';

/** Input of `cost/calculate`. */
const idSchema = z.string().trim().min(1, { error: 'Укажите спецификацию.' }).max(100);

const specRefSchema = z.object({ specId: idSchema }).strict();
type SpecRef = z.output<typeof specRefSchema>;
type SpecOut = z.output<typeof specificationSchema>;

/** A specification document, or `{specId}` of a stored one; errors keep the document's field paths. */
const specOrRef = z.unknown().transform((v, ctx): SpecRef | SpecOut => {
  if (!v || typeof v !== 'object') {
    ctx.addIssue({ code: 'custom', message: 'Передайте документ спецификации или {specId}.' });
    return z.NEVER;
  }
  const isRef = 'specId' in v && !('materials' in v);
  const r = isRef ? specRefSchema.safeParse(v) : specificationSchema.safeParse(v);
  if (!r.success) {
    for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as (string | number)[] });
    return z.NEVER;
  }
  return r.data;
});

export const calculateInputSchema = z.object({
  spec: specOrRef,
  params: z.unknown().optional().transform((v) => v ?? {}).pipe(costParamsSchema),
  specs: z.record(z.string().max(100), specificationSchema).optional(),
  /** The date whose rates apply (YYYY-MM-DD); default today (Moscow). */
  date: z.iso.date({ error: 'Дата в формате ГГГГ-ММ-ДД.' }).optional(),
  /**
   * «Цена на дату» (YYYY-MM-DD): lines pointing at catalogue items take the items' prices valid that day, operations
   * pointing at work centres their rates. Absent: the prices saved in the documents.
   */
  priceDate: z.iso.date({ error: 'Дата в формате ГГГГ-ММ-ДД.' }).optional(),
  /** Take defaults from this own company (otherwise the first own company with costing, then saved defaults). */
  companyId: z.uuid({ error: 'Неверный идентификатор компании.' }).optional(),
});
export type CalculateInput = z.output<typeof calculateInputSchema>;

/** Input of `cost/sensitivity`: the calculation's and the step. */
const stepSchema = z
  .string({ error: 'Шаг — число процентов.' })
  .trim()
  .regex(/^\d{1,2}([.,]\d{1,2})?$/, { error: 'Шаг — число процентов от 0,01 до 99,99.' })
  .transform((v) => v.replace(',', '.'))
  .refine((v) => Number(v) > 0, { error: 'Шаг — число процентов от 0,01 до 99,99.' })
  .default('10');

export const sensitivityInputSchema = calculateInputSchema.extend({ stepPct: stepSchema });

/* Inputs of the calls in lib/server/services/cost/defaults-calls.ts. */
export const saveCostDefaultsInput = z.object({ params: costParamsSchema });
export const getCostDefaultsInput = z.object({ companyId: z.uuid({ error: 'Неверный идентификатор компании.' }).optional() });

/* Inputs of the calls in lib/server/services/cost/scenarios.ts. */
export const listScenariosInput = z.object({});

const scenarioId = z.uuid({ error: 'Неверный идентификатор сценария.' });
export const saveScenarioInput = z
  .object({
    id: scenarioId.optional(),
    version: z.number().int().positive().optional(),
    name: line(200, 'Введите название сценария.'),
    specId: z.string().trim().min(1).max(100).optional(),
    spec: z.optional(specificationSchema),
    params: costParamsSchema,
  })
  .refine((v) => !!v.specId !== !!v.spec, { error: 'Укажите спецификацию: specId или документ.', path: ['specId'] });
export const deleteScenarioInput = z.object({ id: scenarioId });
