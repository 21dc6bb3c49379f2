import 'server-only';
import { CALC_GROUPS, CALCULATORS } from '@/lib/domain/calculators';
import { defineCall } from '../../gateway/types';
import { lawDefaultsToday } from './rates';

/**
 * `calculators/list`: the catalog with groups, in display order, and `law` — the general VAT rate and
 * contribution tariff today (Moscow) from the rate table, the figures the forms start from.
 */
export const listCalculators = defineCall({
  handle: async ({ ctx }) => ({
    calculators: CALCULATORS.map(({ id, title, group, description }) => ({ id, title, group, description })),
    groups: CALC_GROUPS,
    law: await lawDefaultsToday(ctx.db),
  }),
});
