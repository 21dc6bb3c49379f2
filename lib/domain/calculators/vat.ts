import { dec, formatMoney, formatPercent, HUNDRED, roundKop, toMoneyString } from '@/lib/domain/money';
import type { CalcOutput } from './types';

export interface VatInput {
  amount: string;
  /** The rate in percent; the service fills the general rate on `date` when the user leaves it out. */
  ratePct: string;
  mode: 'add' | 'extract';
}
export interface VatResult {
  net: string;
  vat: string;
  gross: string;
  ratePct: string;
}

/**
 * НДС начислить / выделить (ст. 164, 168 НК): add — НДС = S × r / 100; extract — НДС = S × r / (100 + r).
 * The tax is one line, rounded to kopecks half-up; the other amount is the difference, so net + НДС = gross.
 */
export function calcVat(input: VatInput): CalcOutput<VatResult> {
  const amount = dec(input.amount);
  const r = dec(input.ratePct);
  if (input.mode === 'add') {
    const vat = roundKop(amount.times(r).div(HUNDRED));
    const gross = amount.plus(vat);
    return {
      result: { net: toMoneyString(amount), vat: toMoneyString(vat), gross: toMoneyString(gross), ratePct: r.toFixed() },
      steps: [
        { label: 'Сумма без НДС', formula: `${formatMoney(amount)}`, value: formatMoney(amount) },
        {
          label: `НДС ${formatPercent(r)}`,
          formula: `${formatMoney(amount)} × ${formatPercent(r)} = ${formatMoney(vat)}`,
          value: formatMoney(vat),
        },
        { label: 'Сумма с НДС', formula: `${formatMoney(amount)} + ${formatMoney(vat)}`, value: formatMoney(gross) },
      ],
    };
  }
  const vat = roundKop(amount.times(r).div(HUNDRED.plus(r)));
  const net = amount.minus(vat);
  return {
    result: { net: toMoneyString(net), vat: toMoneyString(vat), gross: toMoneyString(amount), ratePct: r.toFixed() },
    steps: [
      { label: 'Сумма с НДС', formula: `${formatMoney(amount)}`, value: formatMoney(amount) },
      {
        label: `НДС ${formatPercent(r)} в сумме`,
        formula: `${formatMoney(amount)} × ${r.toFixed()} / ${HUNDRED.plus(r).toFixed()} = ${formatMoney(vat)}`,
        value: formatMoney(vat),
      },
      { label: 'Сумма без НДС', formula: `${formatMoney(amount)} − ${formatMoney(vat)}`, value: formatMoney(net) },
    ],
  };
}
