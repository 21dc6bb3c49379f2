import 'server-only';
import { CALC_GROUPS, CALCULATORS } from '@/lib/domain/calculators';
import { defineCall } from '../../gateway/types';

/** `calculators/list`: the catalog with groups, in display order. */
export const listCalculators = defineCall({
  handle: () => ({
    calculators: CALCULATORS.map(({ id, title, group, description }) => ({ id, title, group, description })),
    groups: CALC_GROUPS,
  }),
});
