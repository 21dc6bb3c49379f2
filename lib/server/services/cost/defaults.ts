import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { CostParams } from '@/lib/domain/cost';
import { DEFAULT_SUPPLIER_PRICE_BASIS, isSupplierPriceBasis, type SupplierPriceBasis } from '@/lib/domain/cost/price-basis';
import { isCostTaxRegime } from '@/lib/domain/tax-regimes';
import type { Db } from '../../db/client';
import { companies, costUserDefaults } from '../../db/schema';
import { ServiceError } from '../../errors';

export interface DefaultsSource {
  params: CostParams;
  /**
   * Where they came from: an own company's card (`withUser` — the user's saved defaults fill what the card leaves
   * empty), the user's saved defaults alone, or none (the product's defaults).
   */
  source: { kind: 'company'; id: string; name: string; withUser: boolean } | { kind: 'user' } | { kind: 'none' };
  /** The user's default VAT basis of supplier prices (new specification lines start with it); the user's own, never a company's. */
  supplierPrices: SupplierPriceBasis;
}

const clean = (o: Record<string, unknown>): CostParams =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as CostParams;

/** An overhead pool of a company card: set only with a percentage or a rate (a base alone is the form's empty state). */
const poolOf = (p: Record<string, unknown> | undefined): CostParams['shop'] => {
  if (!p) return undefined;
  const c = clean(p) as NonNullable<CostParams['shop']>;
  return c.pct !== undefined || c.rate !== undefined ? c : undefined;
};

/** The key of the stored defaults object that holds the basis of supplier prices beside the cost parameters. */
export const SUPPLIER_PRICES_KEY = 'supplierPrices';

/** The stored defaults object → the cost parameters (absent when it holds none) and the basis of supplier prices. */
export function splitStoredDefaults(stored: Record<string, unknown> | undefined): { params?: CostParams; supplierPrices: SupplierPriceBasis } {
  if (!stored) return { supplierPrices: DEFAULT_SUPPLIER_PRICE_BASIS };
  const { [SUPPLIER_PRICES_KEY]: basis, ...rest } = stored;
  return {
    params: Object.keys(rest).length > 0 ? clean(rest) : undefined,
    supplierPrices: isSupplierPriceBasis(basis) ? basis : DEFAULT_SUPPLIER_PRICE_BASIS,
  };
}

/**
 * The cost parameters that apply where a калькуляция gives none of its own — one rule for every place a cost is
 * shown (the specifications list, /cost with its print and XLSX, «Цена на дату», «Пересчитать все»): the own
 * company's card (the one given, else the first own company that has a card, else the first own company) over
 * the user's saved defaults, field by field (overhead pools whole), over the product's defaults (the engine's, for
 * what neither sets). A company's tax regime comes along when it is one the engine knows. A scenario's or the
 * form's own parameters win over all of them (`mergeParams`).
 */
export async function defaultParamsFor(db: Db, userId: string, companyId?: string): Promise<DefaultsSource> {
  const own = await db
    .select({ id: companies.id, fullName: companies.fullName, shortName: companies.shortName, taxRegime: companies.taxRegime, costing: companies.costing })
    .from(companies)
    .where(and(eq(companies.ownerId, userId), eq(companies.isOwn, true)))
    .orderBy(asc(companies.createdAt));
  const company = companyId ? own.find((c) => c.id === companyId) : (own.find((c) => c.costing) ?? own[0]);
  if (companyId && !company) throw new ServiceError('NOT_FOUND', 'Своя компания не найдена.');
  const [saved] = await db.select().from(costUserDefaults).where(eq(costUserDefaults.userId, userId)).limit(1);
  const { params: user, supplierPrices } = splitStoredDefaults(saved?.params);
  if (!company) return user ? { params: user, source: { kind: 'user' }, supplierPrices } : { params: {}, source: { kind: 'none' }, supplierPrices };
  const c = company.costing;
  const card = clean({
    additionalWagePct: c?.additionalWagePct,
    contributionsPct: c?.contributionsPct,
    accidentPct: c?.accidentPct,
    shop: poolOf(c?.shop),
    general: poolOf(c?.general),
    sellingPct: c?.sellingPct,
    directCosting: c?.directCosting || undefined,
    semiFinishedMethod: c?.semiFinishedMethod,
    taxRegime: isCostTaxRegime(company.taxRegime) ? company.taxRegime : undefined,
  });
  const withUser = !!user && Object.keys(user).some((k) => !(k in card));
  return {
    params: user ? mergeParams(user, card) : card,
    source: { kind: 'company', id: company.id, name: company.shortName || company.fullName, withUser },
    supplierPrices,
  };
}

/** Explicit parameters win field by field; pools are replaced whole. */
export function mergeParams(defaults: CostParams, given: CostParams): CostParams {
  const out: CostParams = { ...defaults };
  for (const [k, v] of Object.entries(given)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  // A price setting in the request replaces any default price setting.
  if (given.markupPct !== undefined || given.marginPct !== undefined || given.price !== undefined) {
    for (const k of ['markupPct', 'marginPct', 'price'] as const) if (given[k] === undefined) delete out[k];
  }
  return out;
}
