import 'server-only';
import { costSensitivity } from '@/lib/domain/cost/sensitivity';
import { z } from '@/lib/schemas/envelope';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { calculateInputSchema, prepareCalculation, withEngineErrors } from './calculate-cost';

const stepSchema = z
  .string({ error: 'Шаг — число процентов.' })
  .trim()
  .regex(/^\d{1,2}([.,]\d{1,2})?$/, { error: 'Шаг — число процентов от 0,01 до 99,99.' })
  .transform((v) => v.replace(',', '.'))
  .refine((v) => Number(v) > 0, { error: 'Шаг — число процентов от 0,01 до 99,99.' })
  .default('10');

export const sensitivityInputSchema = calculateInputSchema.extend({ stepPct: stepSchema });

/**
 * `POST /api/v1/cost/sensitivity {spec, params?, specs?, date?, companyId?, stepPct?}` → `sensitivity`:
 * how the unit полная себестоимость moves when each input group (materials, wages, overheads, …) is
 * changed by ±stepPct % (default 10), the strongest first — the data of the tornado chart on /cost.
 */
export const costSensitivityCall = defineCall({
  input: sensitivityInputSchema,
  maxBody: 32 * 1024 * 1024,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const { spec, rootId, specs, params, rates } = await prepareCalculation(ctx, user.id, input);
    const sensitivity = withEngineErrors(() => costSensitivity(spec, params, { rates, resolve: (id) => specs.get(id), rootId }, input.stepPct));
    return { sensitivity };
  },
});
