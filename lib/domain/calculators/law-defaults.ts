import type { ContributionTariffs } from './contributions';
import { rateOn, type RateBook, type RateKind } from './rates';

/** The rate kinds the law defaults read. */
export const LAW_DEFAULT_KINDS = ['vat', 'vat_reduced', 'vat_usn_7', 'vat_usn_5', 'vat_zero', 'contribution_tariffs'] as const satisfies readonly RateKind[];

/** A reduced contribution tariff of a small or medium business: the rate on pay above a number of МРОТ. */
export type MspTariff = ContributionTariffs['msp'];

/**
 * Figures the forms start from that change by law, from the dated rate rows on `date`: the general VAT rate
 * and every VAT rate in force (general, reduced, the УСН payers' rates, zero), and the contribution tariffs
 * (general up to the yearly base cap and above it; the МСП ones above their МРОТ threshold).
 */
export interface LawDefaults {
  date: string;
  vatPct: string;
  /** Every VAT rate in force on the date, the general one first, without repeats. */
  vatRates: string[];
  contributionsPct: string;
  contributionsAboveCapPct: string;
  msp: MspTariff;
  mspManufacturing: MspTariff;
}

export function lawDefaultsOn(book: RateBook, date: string): LawDefaults {
  const tariffs = rateOn<ContributionTariffs>(book, 'contribution_tariffs', date);
  const vatPct = rateOn(book, 'vat', date);
  const vatRates = [...new Set([vatPct, ...(['vat_reduced', 'vat_usn_7', 'vat_usn_5', 'vat_zero'] as const).map((k) => rateOn(book, k, date))])];
  return {
    date,
    vatPct,
    vatRates,
    contributionsPct: tariffs.general.ratePct,
    contributionsAboveCapPct: tariffs.general.aboveCapPct,
    msp: tariffs.msp,
    mspManufacturing: tariffs['msp-manufacturing'],
  };
}
