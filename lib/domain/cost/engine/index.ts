/**
 * The калькуляция engine: `calculateCost(spec, params, opts)`, a pure function. Its parts:
 * `params.ts` (parameters checked once, the run's state), `direct.ts` (статьи 1–7 and 9 of a specification:
 * bought lines by `fast.ts` or `materials.ts`, semi-finished goods by `nested-line.ts`, `operations.ts`),
 * `overheads.ts` (статьи 8, 10–13 on a specification's own bases), `nested.ts` (a nested specification, once
 * per id), `pricing.ts` (price, VAT, figures per level), `explain.ts` (formulas of the totals), `text.ts`
 * (operands as formulas print them). Money is the decimal of lib/domain/money throughout; `fast.ts` is the
 * one fast path (BigInt kopecks of a bought line), joined to the статьи as that decimal.
 */
import { explainOf } from './explain';
import { nestedResultOf } from './nested';
import { directCosts } from './direct';
import { overheadsOf, totalsOf } from './overheads';
import { pctParam, regimeOf, runOf, vatRateFor, type CalculateOptions } from './params';
import { figuresOf, priceOf, scaleArticles } from './pricing';
import { outputQtyOf, positive } from './run';
import { pctText } from './text';
import { kop, money, pctOf, ruMoney } from '@/lib/domain/cost/num';
import { optDec } from '@/lib/domain/cost/parse';
import type { CostParams, CostResult, SpecDocument } from '@/lib/domain/cost/types';

export { PARAM_DEFAULTS, VAT_IN_COST, type CalculateOptions } from './params';


/**
 * Плановая калькуляция of one specification: статьи 1–14, цеховая / производственная / полная себестоимость,
 * price, profit and VAT, per output, per unit and per batch. Every amount is rounded to kopecks (half-up)
 * where it is computed; totals are sums of rounded amounts. Nested specifications enter by
 * `params.semiFinishedMethod` (see SemiFinishedMethod).
 */
export function calculateCost(spec: SpecDocument, params: CostParams, opts: CalculateOptions): CostResult {
  const p = params ?? {};
  const regime = regimeOf(p.taxRegime);
  const run = runOf(p, regime, opts);
  if (opts.rootId) {
    run.stack.push(opts.rootId);
    run.names.set(opts.rootId, spec.name);
  }
  const outputQty = outputQtyOf(spec, '');
  const batchQty = positive(optDec(p.batchQty, 'params.batchQty', '1', 'Партия'), 'params.batchQty', 'Партия');
  const directCosting = run.over.directCosting;

  // Per output: статьи 1–7 and 9, then 8 and 10–13 on the bases, then 14 on the производственная.
  const part = directCosts(run, spec, '', true);
  const over = overheadsOf(run.over, part, true);
  const a = over.articles;
  const lines = [...part.lines, ...over.lines];
  const production = totalsOf(a, directCosting).productionCost;
  const sellingPct = pctParam(p.sellingPct, 'sellingPct', '0', 'Коммерческие');
  a['14'] = pctOf(production, sellingPct);
  lines.push({ id: '14', article: '14', name: 'Коммерческие расходы', formula: `производственная ${ruMoney(production)} × ${pctText(sellingPct)} = ${ruMoney(a['14'])}`, amount: money(a['14']) });

  // Per unit (each статья / outputQty, rounded), the price on it, per batch (unit × batchQty).
  const perUnitArticles = outputQty.equals(1) ? a : scaleArticles(a, outputQty, true);
  const unitFull = totalsOf(perUnitArticles, directCosting).fullCost;
  const price = priceOf(p, unitFull);
  const vatRate = vatRateFor(regime, p.vatRatePct, opts.rates);

  const perUnit = figuresOf(perUnitArticles, directCosting, price.price, vatRate);
  const batchArticles = batchQty.equals(1) ? perUnitArticles : scaleArticles(perUnitArticles, batchQty, false);
  const perBatch = figuresOf(batchArticles, directCosting, kop(price.price.times(batchQty)), vatRate);
  const perOutput = figuresOf(a, directCosting, kop(price.price.times(outputQty)), vatRate);

  return {
    name: spec.name,
    unit: spec.unit,
    outputQty: outputQty.toFixed(),
    batchQty: batchQty.toFixed(),
    taxRegime: regime,
    vatRatePct: vatRate ? vatRate.toFixed() : null,
    purchaseVatPct: run.purchaseVatPct.toFixed(),
    contributionsPct: run.contributionsPct.toFixed(),
    purchaseVatInCost: run.vatInCost,
    directCosting,
    priceBy: price.by,
    perOutput,
    perUnit,
    perBatch,
    lines,
    explain: explainOf(lines, perOutput, perUnit, outputQty, directCosting, price.formula, vatRate),
    semiFinishedMethod: run.method,
    nested: [...run.memo.values()].map(nestedResultOf),
  };
}
