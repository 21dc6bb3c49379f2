import 'server-only';
import { rateOn } from '@/lib/domain/calculators';
import type { ContributionTariffs } from '@/lib/domain/calculators/contributions';
import type { CostRates } from '@/lib/domain/cost';
import { VAT_RATE_KINDS } from '@/lib/domain/tax-regimes';
import type { Db } from '../../db/client';
import { readRates } from '../calculators/rates';

/** The VAT rates and the general contribution tariff in force on `date` (YYYY-MM-DD), read through the one rate reader. */
export const costRatesOn = (db: Db, date: string): Promise<CostRates> =>
  readRates(db, [...VAT_RATE_KINDS, 'contribution_tariffs'], (book) => ({
    contributionsPct: rateOn<ContributionTariffs>(book, 'contribution_tariffs', date).general.ratePct,
    vatGeneralPct: rateOn(book, 'vat', date),
    vatUsn5Pct: rateOn(book, 'vat_usn_5', date),
    vatUsn7Pct: rateOn(book, 'vat_usn_7', date),
  }));
