import { dec, formatMoney, formatPercent, min, roundRub, toMoneyString } from '@/lib/domain/money';
import { rateOn, type RateBook } from './rates';
import type { CalcOutput } from './types';

/** The dated scale of пп. 1 п. 1 ст. 333.21 НК: from each threshold, a fixed sum + percent of the excess. */
interface CourtFeeScale {
  brackets: { from: string; fixed: string; pct: string }[];
  max: string;
}

export interface CourtFeeInput {
  claim: string;
  /** Date of filing: picks the scale. */
  date: string;
}
export interface CourtFeeResult {
  fee: string;
}

/** Госпошлина по имущественному иску в арбитражный суд, whole rubles. */
export function calcCourtFee(input: CourtFeeInput, book: RateBook): CalcOutput<CourtFeeResult> {
  const scale = rateOn<CourtFeeScale>(book, 'court_fee_arbitration', input.date);
  const claim = dec(input.claim);
  const brackets = [...scale.brackets].sort((a, b) => dec(a.from).cmp(dec(b.from)));
  let b = brackets[0]!;
  for (const x of brackets) if (claim.gt(dec(x.from)) || dec(x.from).isZero()) b = x;
  const raw = dec(b.fixed).plus(claim.minus(dec(b.from)).times(dec(b.pct)).div(100));
  const fee = roundRub(min(raw, dec(scale.max)));
  const formula = dec(b.pct).isZero()
    ? `${formatMoney(b.fixed)} при цене иска до ${formatMoney(brackets[1]?.from ?? b.from)}`
    : `${formatMoney(b.fixed)} + (${formatMoney(claim)} − ${formatMoney(b.from)}) × ${formatPercent(b.pct)}, не больше ${formatMoney(scale.max)}`;
  return {
    result: { fee: toMoneyString(fee) },
    steps: [{ label: 'Госпошлина (целые рубли)', formula, value: formatMoney(fee) }],
  };
}
