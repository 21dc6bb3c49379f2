import 'server-only';
import { costUserDefaults } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { lawDefaultsToday } from '../calculators/rates';
import { defaultParamsFor } from './defaults';
import { getCostDefaultsInput, saveCostDefaultsInput } from '@/lib/schemas/cost';

/**
 * `cost/defaults/get {companyId?}` → `{params, source, law}`: what /cost starts from; `law` — the general VAT
 * rate and contribution tariff today (Moscow) from the rate table, what an empty field means.
 */
export const getCostDefaultsCall = defineCall({
  input: getCostDefaultsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const d = await defaultParamsFor(ctx.db, user.id, input.companyId);
    return { params: d.params, source: d.source, law: await lawDefaultsToday(ctx.db) };
  },
});

/** `cost/defaults/save {params}` → `{params}`: the user's own defaults (used when no own company has them). */
export const saveCostDefaultsCall = defineCall({
  input: saveCostDefaultsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const params = JSON.parse(JSON.stringify(input.params)) as Record<string, unknown>;
    await ctx.db
      .insert(costUserDefaults)
      .values({ userId: user.id, params })
      .onConflictDoUpdate({ target: costUserDefaults.userId, set: { params, updatedAt: new Date() } });
    return { msg: 'Параметры по умолчанию сохранены', params };
  },
});
