import { parseFixed } from './fixed';
import { Dec, ZERO, kop, money, pctOf, ruMoney } from './num';
import { explainOf } from './explain';
import { nestedCalcOf, nestedResultOf } from './nested';
import { overheadParamsOf, overheadsOf, totalsOf } from './overheads';
import { invalid, optDec, parseDec } from './parse';
import { markupOf, marginOf, priceByMargin, priceByMarkup, vatOf } from './pricing';
import { nonNegative, outputQtyOf, positive, type Articles, type Run, type SpecResolver } from './run';
import { directOf } from './direct';
import { pctText } from './text';
import {
  ARTICLE_NOS,
  SEMI_FINISHED_METHODS,
  TAX_REGIMES,
  type ArticleNo,
  type CostFigures,
  type CostParams,
  type CostRates,
  type CostResult,
  type SemiFinishedMethod,
  type SpecDocument,
  type TaxRegime,
} from './types';

export type { SpecResolver } from './run';

/** Regimes under which input VAT cannot be deducted and is part of the cost (ст. 170 НК). */
export const VAT_IN_COST: ReadonlySet<TaxRegime> = new Set(['usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn']);

/** Lines of nested specifications an answer carries at most (beyond it their lines are left out, figures are not). */
export const NESTED_LINES_MAX = 2000;

function figuresOf(a: Articles, directCosting: boolean, priceNoVat: Dec, vatRate: Dec | null): CostFigures {
  const t = totalsOf(a, directCosting);
  const vat = vatRate ? vatOf(priceNoVat, vatRate) : ZERO;
  const articles = {} as Record<ArticleNo, string>;
  for (const no of ARTICLE_NOS) articles[no] = money(a[no]);
  const markup = markupOf(t.fullCost, priceNoVat);
  const margin = marginOf(t.fullCost, priceNoVat);
  return {
    articles,
    materialCost: money(t.materialCost),
    directCost: money(t.directCost),
    workshopCost: money(t.workshopCost),
    productionCost: money(t.productionCost),
    fullCost: money(t.fullCost),
    priceNoVat: money(priceNoVat),
    profit: money(priceNoVat.minus(t.fullCost)),
    markupPct: markup ? markup.toFixed(2) : null,
    marginPct: margin ? margin.toFixed(2) : null,
    vat: money(vat),
    priceWithVat: money(priceNoVat.plus(vat)),
  };
}

function scale(a: Articles, by: Dec, divide: boolean): Articles {
  const out = {} as Articles;
  for (const no of ARTICLE_NOS) out[no] = kop(divide ? a[no].div(by) : a[no].times(by));
  return out;
}

export interface CalculateOptions {
  /** Rates from the dated tables for the calculation date. */
  rates: CostRates;
  /** Nested specifications by id. */
  resolve?: SpecResolver;
  /** The id of `spec` itself when it is stored (so a loop back to it is caught). */
  rootId?: string;
  /** Keep the lines of nested specifications for the drill-down (default true; analysis re-runs turn it off). */
  nestedLines?: boolean;
}

function regimeOf(value: unknown): TaxRegime {
  if (value === undefined) return 'osno';
  if (TAX_REGIMES.includes(value as TaxRegime)) return value as TaxRegime;
  throw invalid('params.taxRegime', 'Выберите систему налогообложения.');
}

function methodOf(value: unknown): SemiFinishedMethod {
  if (value === undefined || value === '') return 'flow';
  if (SEMI_FINISHED_METHODS.includes(value as SemiFinishedMethod)) return value as SemiFinishedMethod;
  throw invalid('params.semiFinishedMethod', 'Метод учёта полуфабрикатов: бесполуфабрикатный (flow) или полуфабрикатный (semi).');
}

/** The output VAT rate: given wins ("none" = без НДС); otherwise the regime's rate. */
export function vatRateFor(regime: TaxRegime, given: string | undefined, rates: CostRates): Dec | null {
  if (given !== undefined && given !== '') {
    if (given === 'none') return null;
    const r = parseDec(given, 'params.vatRatePct', 'Ставка НДС');
    if (r.isNegative() || r.greaterThan(100)) throw invalid('params.vatRatePct', 'Ставка НДС — от 0 до 100 %.');
    return r;
  }
  if (regime === 'osno') return new Dec(rates.vatGeneralPct);
  if (regime === 'usn-vat5') return new Dec(rates.vatUsn5Pct);
  if (regime === 'usn-vat7') return new Dec(rates.vatUsn7Pct);
  return null;
}

/** What an empty parameter means (the form shows these as placeholders). */
export const PARAM_DEFAULTS = { contributionsPct: '30', accidentPct: '0.2' } as const;

/** The price per unit by markup, margin or a given price (one of them; none = полная себестоимость). */
function priceOf(p: CostParams, unitFull: Dec): { by: CostResult['priceBy']; price: Dec; formula: string } {
  const given = [p.markupPct, p.marginPct, p.price].filter((v) => v !== undefined && v !== '').length;
  if (given > 1) throw invalid('params.price', 'Укажите что-то одно: наценку, маржу или цену.');
  if (p.markupPct !== undefined && p.markupPct !== '') {
    const n = parseDec(p.markupPct, 'params.markupPct', 'Наценка');
    if (n.lessThanOrEqualTo(-100)) throw invalid('params.markupPct', 'Наценка должна быть больше −100 %.');
    const price = priceByMarkup(unitFull, n);
    return { by: 'markup', price, formula: `${ruMoney(unitFull)} × (1 + ${pctText(n)}) = ${ruMoney(price)}` };
  }
  if (p.marginPct !== undefined && p.marginPct !== '') {
    const m = parseDec(p.marginPct, 'params.marginPct', 'Маржа');
    if (!m.lessThan(100)) throw invalid('params.marginPct', 'Маржа должна быть меньше 100 %.');
    const price = priceByMargin(unitFull, m);
    return { by: 'margin', price, formula: `${ruMoney(unitFull)} / (1 − ${pctText(m)}) = ${ruMoney(price)}` };
  }
  if (p.price !== undefined && p.price !== '') {
    const price = kop(nonNegative(parseDec(p.price, 'params.price', 'Цена'), 'params.price', 'Цена'));
    return { by: 'price', price, formula: `задана: ${ruMoney(price)}` };
  }
  return { by: 'cost', price: unitFull, formula: `полная себестоимость ${ruMoney(unitFull)}` };
}

/**
 * Плановая калькуляция of one specification: статьи 1–14, цеховая / производственная / полная себестоимость,
 * price, profit and VAT, per output, per unit and per batch. Every amount is rounded to kopecks (half-up)
 * where it is computed; totals are sums of rounded amounts. Nested specifications enter by
 * `params.semiFinishedMethod` (see SemiFinishedMethod).
 */
export function calculateCost(spec: SpecDocument, params: CostParams, opts: CalculateOptions): CostResult {
  const p = params ?? {};
  const regime = regimeOf(p.taxRegime);
  const purchaseVatPct = nonNegative(
    optDec(p.purchaseVatPct, 'params.purchaseVatPct', opts.rates.vatGeneralPct, 'НДС поставщиков'),
    'params.purchaseVatPct',
    'НДС поставщиков',
  );
  const pctParam = (v: string | undefined, field: string, def: string, label: string) =>
    nonNegative(optDec(v, `params.${field}`, def, label), `params.${field}`, label);
  const run: Run = {
    resolve: opts.resolve ?? (() => undefined),
    method: methodOf(p.semiFinishedMethod),
    additionalWagePct: pctParam(p.additionalWagePct, 'additionalWagePct', '0', 'Дополнительная ЗП'),
    contributionsPct: pctParam(p.contributionsPct, 'contributionsPct', PARAM_DEFAULTS.contributionsPct, 'Страховые взносы'),
    accidentPct: pctParam(p.accidentPct, 'accidentPct', PARAM_DEFAULTS.accidentPct, 'НС и ПЗ'),
    purchaseVatPct,
    vatInCost: VAT_IN_COST.has(regime),
    purchaseVatFixed: parseFixed(purchaseVatPct.toFixed()) ?? { m: 0n, s: 0 },
    over: overheadParamsOf(p),
    memo: new Map(),
    names: new Map(),
    stack: [],
    nestedLineBudget: opts.nestedLines === false ? 0 : NESTED_LINES_MAX,
    nestedOf: (specId, field) => nestedCalcOf(run, specId, field),
  };
  if (opts.rootId) {
    run.stack.push(opts.rootId);
    run.names.set(opts.rootId, spec.name);
  }
  const outputQty = outputQtyOf(spec, '');
  const batchQty = positive(optDec(p.batchQty, 'params.batchQty', '1', 'Партия'), 'params.batchQty', 'Партия');
  const directCosting = run.over.directCosting;

  const part = directOf(run, spec, '', true);
  const over = overheadsOf(run.over, part, true);
  const a = over.articles;
  const lines = [...part.lines, ...over.lines];
  const production = totalsOf(a, directCosting).productionCost;
  const sellingPct = pctParam(p.sellingPct, 'sellingPct', '0', 'Коммерческие');
  a['14'] = pctOf(production, sellingPct);
  lines.push({ id: '14', article: '14', name: 'Коммерческие расходы', formula: `производственная ${ruMoney(production)} × ${pctText(sellingPct)} = ${ruMoney(a['14'])}`, amount: money(a['14']) });

  const perUnitArticles = outputQty.equals(1) ? a : scale(a, outputQty, true);
  const unitFull = totalsOf(perUnitArticles, directCosting).fullCost;
  const price = priceOf(p, unitFull);
  const vatRate = vatRateFor(regime, p.vatRatePct, opts.rates);

  const perUnit = figuresOf(perUnitArticles, directCosting, price.price, vatRate);
  const batchArticles = batchQty.equals(1) ? perUnitArticles : scale(perUnitArticles, batchQty, false);
  const perBatch = figuresOf(batchArticles, directCosting, kop(price.price.times(batchQty)), vatRate);
  const perOutput = figuresOf(a, directCosting, kop(price.price.times(outputQty)), vatRate);

  return {
    name: spec.name,
    unit: spec.unit,
    outputQty: outputQty.toFixed(),
    batchQty: batchQty.toFixed(),
    taxRegime: regime,
    vatRatePct: vatRate ? vatRate.toFixed() : null,
    purchaseVatPct: purchaseVatPct.toFixed(),
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
