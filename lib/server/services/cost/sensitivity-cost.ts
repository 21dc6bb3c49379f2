import 'server-only';
import { costSensitivity } from '@/lib/domain/cost/sensitivity';
import { sensitivityInputSchema } from '@/lib/schemas/cost';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { prepareCalculation, withEngineErrors } from './calculate-cost';


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
