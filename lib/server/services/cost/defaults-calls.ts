import 'server-only';
import { sql } from 'drizzle-orm';
import { SUPPLIER_PRICE_BASIS_TITLES } from '@/lib/domain/cost/price-basis';
import { costUserDefaults } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { lawDefaultsToday } from '../calculators/rates';
import { SUPPLIER_PRICES_KEY, defaultParamsFor, splitStoredDefaults } from './defaults';
import { getCostDefaultsInput, saveCostDefaultsInput } from '@/lib/schemas/cost';

/**
 * `cost/defaults/get {companyId?}` → `{params, source, law, supplierPrices}`: what /cost starts from; `law` — the
 * general VAT rate and contribution tariff today (Moscow) from the rate table, what an empty field means;
 * `supplierPrices` — the basis new specification lines' prices start with.
 */
export const getCostDefaultsCall = defineCall({
  input: getCostDefaultsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const d = await defaultParamsFor(ctx.db, user.id, input.companyId);
    return { params: d.params, source: d.source, law: await lawDefaultsToday(ctx.db), supplierPrices: d.supplierPrices };
  },
});

/**
 * `cost/defaults/save {params?, supplierPrices?}` → `{msg, params, supplierPrices}`: the user's own defaults (used
 * where no own company's card sets a field) and the basis of supplier prices, one stored object. New parameters
 * replace the saved ones and keep the saved basis; a basis alone keeps the parameters.
 */
export const saveCostDefaultsCall = defineCall({
  input: saveCostDefaultsInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const params = input.params ? (JSON.parse(JSON.stringify(input.params)) as Record<string, unknown>) : undefined;
    const stored = { ...params, ...(input.supplierPrices ? { [SUPPLIER_PRICES_KEY]: input.supplierPrices } : {}) };
    const saved = sql`"cost_user_defaults"."params"`;
    const keptBasis = sql`jsonb_strip_nulls(jsonb_build_object(${SUPPLIER_PRICES_KEY}::text, ${saved} -> ${SUPPLIER_PRICES_KEY}::text))`;
    const [row] = await ctx.db
      .insert(costUserDefaults)
      .values({ userId: user.id, params: stored })
      .onConflictDoUpdate({
        target: costUserDefaults.userId,
        set: { params: params ? sql`${keptBasis} || excluded.params` : sql`${saved} || excluded.params`, updatedAt: new Date() },
      })
      .returning({ params: costUserDefaults.params });
    const now = splitStoredDefaults(row?.params);
    const msg = params ? 'Параметры по умолчанию сохранены' : `Цены поставщиков по умолчанию — ${SUPPLIER_PRICE_BASIS_TITLES[now.supplierPrices]}`;
    return { msg, params: now.params ?? {}, supplierPrices: now.supplierPrices };
  },
});
