import 'server-only';
import { CALCULATORS, RATE_KINDS, type RateKind } from '@/lib/domain/calculators';
import { listRatesSchema } from '@/lib/schemas/calculators-rates';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { listRateRows } from './rates';

/** Which calculators read a kind of rate («где используется»). */
const usedBy = (kind: RateKind) => CALCULATORS.filter((c) => c.rates.includes(kind)).map((c) => ({ id: c.id, title: c.title }));

/**
 * `calculators/rates/list` `{kind?}` → `kinds: [{kind, title, usedBy}]`, `rates: [{id, kind, effectiveFrom,
 * value, source, createdBy, createdAt}]` sorted by kind and date. Any signed-in user may read.
 */
export const listRates = defineCall({
  input: listRatesSchema,
  handle: async ({ input, req, ctx }) => {
    await requireUser(ctx, req);
    const kinds = (Object.keys(RATE_KINDS) as RateKind[]).filter((k) => !input.kind || k === input.kind);
    return {
      kinds: kinds.map((kind) => ({ kind, title: RATE_KINDS[kind], usedBy: usedBy(kind) })),
      rates: await listRateRows(ctx.db, input.kind),
    };
  },
});
