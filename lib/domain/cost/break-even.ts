import { calcBreakEven } from '@/lib/domain/calculators/break-even';
import { Dec, ZERO, money } from './num';
import type { ArticleNo, CostFigures, CostResult } from './types';

/**
 * Статьи treated as условно-постоянные (fixed for the batch) in the break-even analysis: подготовка
 * производства (8), ОПР (10), ОХР (11). Everything else in the полная себестоимость varies with the volume.
 */
const FIXED_ARTICLES: readonly ArticleNo[] = ['8', '10', '11'];

export interface BreakEven {
  /** Fixed costs of the batch: Σ статьи 8, 10, 11 per batch. */
  fixed: string;
  /** Variable cost per unit: полная − (8 + 10 + 11) per unit. */
  variablePerUnit: string;
  /** Price without VAT per unit. */
  price: string;
  /** Маржинальный доход per unit: price − variable. */
  contributionPerUnit: string;
  /** The planned volume (the batch). */
  batchQty: string;
  /** Точка безубыточности in units, rounded up; null when the price does not cover the variable cost. */
  qty: string | null;
  /** Выручка в точке безубыточности = FC / (1 − VC/P), to kopecks; null as above. */
  revenue: string | null;
  /** Запас финансовой прочности = (Q − Q*) / Q × 100 with the exact Q*, two decimals; null as above. */
  safetyPct: string | null;
}

const fixedOf = (f: CostFigures): Dec => FIXED_ARTICLES.reduce((s, no) => s.plus(f.articles[no]), ZERO);

/** Break-even of the batch: Q* = FC / (P − VC), units rounded up, by the calculator's formula. */
export function breakEvenOf(r: CostResult): BreakEven {
  const fixed = fixedOf(r.perBatch);
  const variable = new Dec(r.perUnit.fullCost).minus(fixedOf(r.perUnit));
  const price = new Dec(r.perUnit.priceNoVat);
  const contribution = price.minus(variable);
  const batch = new Dec(r.batchQty);
  const base = {
    fixed: money(fixed),
    variablePerUnit: money(variable),
    price: money(price),
    contributionPerUnit: money(contribution),
    batchQty: batch.toFixed(),
  };
  if (!contribution.greaterThan(0)) return { ...base, qty: null, revenue: null, safetyPct: null };
  // The calculator «Точка безубыточности» (lib/domain/calculators) does the arithmetic.
  const be = calcBreakEven({ fixedCosts: fixed.toFixed(2), price: price.toFixed(2), variableCost: variable.toFixed(2), plannedQty: batch.toFixed() }).result;
  return { ...base, qty: be.qty, revenue: be.revenue, safetyPct: be.safetyMarginPct };
}
