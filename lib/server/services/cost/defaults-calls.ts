import 'server-only';
import { costUserDefaults } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { defaultParamsFor } from './defaults';
import { getCostDefaultsInput, saveCostDefaultsInput } from '@/lib/schemas/cost';

/** `cost/defaults/get {companyId?}` → `{params, source}`: what /cost starts from. */
export const getCostDefaultsCall = defineCall({
  input: getCostDefaultsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const d = await defaultParamsFor(ctx.db, user.id, input.companyId);
    return { params: d.params, source: d.source };
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
