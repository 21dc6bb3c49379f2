import { dec, type Dec, formatMoney, formatNumber, formatPercent, HUNDRED, roundKop, toFixedString, toMoneyString } from '@/lib/domain/money';
import { CalcInputError, type CalcOutput } from './types';

export interface LeasingInput {
  priceWithVat: string;
  advancePct: string;
  months: number;
  annualRatePct: string;
  /** Buyout (выкупная стоимость) with VAT, paid after the last month. */
  buyout: string;
  /** VAT rate in percent; the service fills the general rate of the date. */
  vatPct: string;
}
export interface LeasingResult {
  advance: string;
  payment: string;
  vatInPayment: string;
  totalPaid: string;
  appreciationPctPerYear: string;
}

/**
 * Лизинг: PMT = (PV − FV / (1 + i)^n) · i / (1 − (1 + i)^−n), PV = price − advance, FV = buyout,
 * i = r / 12 / 100; VAT inside the payment = PMT × r / (100 + r); удорожание в год =
 * (advance + PMT × n + buyout − price) / price / years × 100.
 */
export function calcLeasing(input: LeasingInput): CalcOutput<LeasingResult> {
  const price = dec(input.priceWithVat);
  const advance = roundKop(price.times(dec(input.advancePct)).div(HUNDRED));
  const pv = price.minus(advance);
  const fv = dec(input.buyout);
  const n = input.months;
  const i = dec(input.annualRatePct).div(1200);
  if (fv.gt(pv)) throw new CalcInputError('buyout', 'Выкупная стоимость больше суммы, которую финансирует лизинг.');
  let pmt: Dec;
  if (i.isZero()) pmt = roundKop(pv.minus(fv).div(n));
  else pmt = roundKop(pv.minus(fv.div(i.plus(1).pow(n))).times(i).div(dec(1).minus(i.plus(1).pow(-n))));
  const vat = dec(input.vatPct);
  const vatIn = roundKop(pmt.times(vat).div(HUNDRED.plus(vat)));
  const totalPaid = advance.plus(pmt.times(n)).plus(fv);
  const years = dec(n).div(12);
  const appreciation = totalPaid.minus(price).div(price).div(years).times(100);
  return {
    result: {
      advance: toMoneyString(advance),
      payment: toMoneyString(pmt),
      vatInPayment: toMoneyString(vatIn),
      totalPaid: toMoneyString(totalPaid),
      appreciationPctPerYear: toFixedString(appreciation, 2),
    },
    steps: [
      { label: 'Аванс', formula: `${formatMoney(price)} × ${formatPercent(input.advancePct)}`, value: formatMoney(advance) },
      { label: 'Финансируемая сумма', formula: `${formatMoney(price)} − ${formatMoney(advance)}`, value: formatMoney(pv) },
      {
        label: 'Ежемесячный платёж',
        formula: `(${formatMoney(pv)} − ${formatMoney(fv)} / (1 + i)^${n}) × i / (1 − (1 + i)^−${n}), i = ${formatNumber(i.times(100), 6)} %`,
        value: formatMoney(pmt),
      },
      { label: `НДС в платеже ${formatPercent(vat)}`, formula: `${formatMoney(pmt)} × ${vat.toFixed()} / ${HUNDRED.plus(vat).toFixed()}`, value: formatMoney(vatIn) },
      { label: 'Всего выплат', formula: `${formatMoney(advance)} + ${formatMoney(pmt)} × ${n} + ${formatMoney(fv)}`, value: formatMoney(totalPaid) },
      {
        label: 'Удорожание в год',
        formula: `(${formatMoney(totalPaid)} − ${formatMoney(price)}) / ${formatMoney(price)} / ${formatNumber(years, 2)} × 100`,
        value: formatPercent(appreciation),
      },
    ],
  };
}
