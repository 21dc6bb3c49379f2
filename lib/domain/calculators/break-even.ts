import { dec, formatMoney, formatNumber, formatPercent, roundKop, toFixedString, toMoneyString } from '@/lib/domain/money';
import { CalcInputError, type CalcOutput, type Step } from './types';

export interface BreakEvenInput {
  fixedCosts: string;
  price: string;
  variableCost: string;
  plannedQty?: string;
}
export interface BreakEvenResult {
  qty: string;
  revenue: string;
  contributionMargin: string;
  safetyMarginPct: string | null;
}

/**
 * Точка безубыточности: Q* = FC / (P − VC), units rounded up; revenue* = FC / (1 − VC/P);
 * запас прочности = (Q − Q*) / Q × 100 with the exact Q*.
 */
export function calcBreakEven(input: BreakEvenInput): CalcOutput<BreakEvenResult> {
  const fc = dec(input.fixedCosts);
  const p = dec(input.price);
  const vc = dec(input.variableCost);
  if (p.lte(vc)) throw new CalcInputError('price', 'Цена должна быть больше переменных затрат на единицу, иначе точки безубыточности нет.');
  const margin = p.minus(vc);
  const exactQty = fc.div(margin);
  const qty = exactQty.ceil();
  const revenue = roundKop(fc.div(margin.div(p)));
  const steps: Step[] = [
    { label: 'Маржинальный доход на единицу', formula: `${formatMoney(p)} − ${formatMoney(vc)}`, value: formatMoney(margin) },
    { label: 'Точка безубыточности, шт (вверх до целого)', formula: `${formatMoney(fc)} / ${formatMoney(margin)} = ${formatNumber(exactQty, 4)}`, value: formatNumber(qty) },
    { label: 'Выручка в точке безубыточности', formula: `${formatMoney(fc)} / (1 − ${formatMoney(vc)} / ${formatMoney(p)})`, value: formatMoney(revenue) },
  ];
  let safety: string | null = null;
  if (input.plannedQty !== undefined) {
    const q = dec(input.plannedQty);
    if (q.lte(0)) throw new CalcInputError('plannedQty', 'Плановый объём должен быть больше нуля.');
    const s = q.minus(exactQty).div(q).times(100);
    safety = toFixedString(s, 2);
    steps.push({ label: 'Запас финансовой прочности', formula: `(${formatNumber(q)} − ${formatNumber(exactQty, 4)}) / ${formatNumber(q)} × 100`, value: formatPercent(s) });
  }
  return {
    result: { qty: qty.toFixed(0), revenue: toMoneyString(revenue), contributionMargin: toMoneyString(margin), safetyMarginPct: safety },
    steps,
  };
}
