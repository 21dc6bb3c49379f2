import type { ContributionTariffs } from './contributions';
import { rateOn, type RateBook, type RateKind } from './rates';

/** The rate kinds the law defaults read. */
export const LAW_DEFAULT_KINDS = ['vat', 'contribution_tariffs'] as const satisfies readonly RateKind[];

/**
 * Figures the forms start from that change by law, from the dated rate rows on `date`: the general VAT rate
 * and the general contribution tariff (up to the yearly base cap and above it).
 */
export interface LawDefaults {
  date: string;
  vatPct: string;
  contributionsPct: string;
  contributionsAboveCapPct: string;
}

export function lawDefaultsOn(book: RateBook, date: string): LawDefaults {
  const tariffs = rateOn<ContributionTariffs>(book, 'contribution_tariffs', date);
  return { date, vatPct: rateOn(book, 'vat', date), contributionsPct: tariffs.general.ratePct, contributionsAboveCapPct: tariffs.general.aboveCapPct };
}
