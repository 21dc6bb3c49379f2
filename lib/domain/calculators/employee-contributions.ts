import { dec, formatMoney, toMoneyString } from '@/lib/domain/money';
import { type ContributionTariffs, monthlyContributions, type Tariff } from './contributions';
import { rateOn, type RateBook } from './rates';
import type { CalcOutput } from './types';

export interface EmployeeContributionsInput {
  monthlyPay: string;
  ytdBefore: string;
  tariff: Tariff;
  accidentPct: string;
  /** `YYYY-MM` of the pay. */
  month: string;
}
export interface EmployeeContributionsResult {
  contributions: string;
  accident: string;
  total: string;
}

/** Страховые взносы за работника за месяц: единый тариф up to the cap, МСП split, НС и ПЗ. */
export function calcEmployeeContributions(input: EmployeeContributionsInput, book: RateBook): CalcOutput<EmployeeContributionsResult> {
  const date = `${input.month}-01`;
  const c = monthlyContributions({
    pay: dec(input.monthlyPay),
    ytdBefore: dec(input.ytdBefore),
    tariff: input.tariff,
    tariffs: rateOn<ContributionTariffs>(book, 'contribution_tariffs', date),
    cap: dec(rateOn(book, 'insurance_base_cap', date)),
    mrot: dec(rateOn(book, 'mrot', date)),
    accidentPct: dec(input.accidentPct),
  });
  const total = c.contributions.plus(c.accident);
  return {
    result: { contributions: toMoneyString(c.contributions), accident: toMoneyString(c.accident), total: toMoneyString(total) },
    steps: [...c.steps, { label: 'Всего к уплате', formula: `${formatMoney(c.contributions)} + ${formatMoney(c.accident)}`, value: formatMoney(total) }],
  };
}
