import type { CostParams, CostResult } from '@/lib/domain/cost';

/** What the server's last answer fixed for live totals: merged params with the VAT rates and the contribution tariff made explicit. */
export type LiveBasis = CostParams;

/** The parameters of a `cost/calculate` answer that make a local run give the same figures. */
export function basisOf(params: CostParams, result: CostResult): LiveBasis {
  return { ...params, purchaseVatPct: result.purchaseVatPct, vatRatePct: result.vatRatePct ?? 'none', contributionsPct: result.contributionsPct };
}
