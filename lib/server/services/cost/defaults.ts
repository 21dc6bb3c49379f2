import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { CostParams } from '@/lib/domain/cost';
import { isCostTaxRegime } from '@/lib/domain/tax-regimes';
import type { Db } from '../../db/client';
import { companies, costUserDefaults } from '../../db/schema';
import { ServiceError } from '../../errors';

export interface DefaultsSource {
  params: CostParams;
  /** Where they came from: an own company, the user's saved defaults, or none. */
  source: { kind: 'company'; id: string; name: string } | { kind: 'user' } | { kind: 'none' };
}

const clean = (o: Record<string, unknown>): CostParams =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null && v !== '')) as CostParams;

/**
 * Default cost parameters of a user: the given own company's costing (or the first own company that has
 * one), otherwise the user's saved defaults. A company's tax regime comes along when it is one the engine knows.
 */
export async function defaultParamsFor(db: Db, userId: string, companyId?: string): Promise<DefaultsSource> {
  const own = await db
    .select({ id: companies.id, fullName: companies.fullName, shortName: companies.shortName, taxRegime: companies.taxRegime, costing: companies.costing })
    .from(companies)
    .where(and(eq(companies.ownerId, userId), eq(companies.isOwn, true)))
    .orderBy(asc(companies.createdAt));
  let company = companyId ? own.find((c) => c.id === companyId) : own.find((c) => c.costing);
  if (companyId && !company) throw new ServiceError('NOT_FOUND', 'Своя компания не найдена.');
  if (company && !companyId && !company.costing) company = undefined;
  if (company) {
    const c = company.costing;
    const regime = isCostTaxRegime(company.taxRegime) ? company.taxRegime : undefined;
    const params = clean({
      additionalWagePct: c?.additionalWagePct,
      contributionsPct: c?.contributionsPct,
      accidentPct: c?.accidentPct,
      shop: c?.shop ? clean(c.shop as Record<string, unknown>) : undefined,
      general: c?.general ? clean(c.general as Record<string, unknown>) : undefined,
      sellingPct: c?.sellingPct,
      directCosting: c?.directCosting || undefined,
      semiFinishedMethod: c?.semiFinishedMethod,
      taxRegime: regime,
    });
    return { params, source: { kind: 'company', id: company.id, name: company.shortName || company.fullName } };
  }
  const [saved] = await db.select().from(costUserDefaults).where(eq(costUserDefaults.userId, userId)).limit(1);
  if (saved) return { params: saved.params as CostParams, source: { kind: 'user' } };
  return { params: {}, source: { kind: 'none' } };
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
