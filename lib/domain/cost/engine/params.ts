import { PARAM_DEFAULTS } from '@/lib/domain/cost/defaults';
import { parseFixed } from './fixed';
import { nestedCalcOf } from './nested';
import { overheadParamsOf } from './overheads';
import { nonNegative, type Run, type SpecResolver } from './run';
import { Dec } from '@/lib/domain/cost/num';
import { invalid, optDec, parseDec } from '@/lib/domain/cost/parse';
import { regimeVatPct, TAX_REGIME, type VatRateKind } from '@/lib/domain/tax-regimes';
import { SEMI_FINISHED_METHODS, TAX_REGIMES, type CostParams, type CostRates, type SemiFinishedMethod, type TaxRegime } from '@/lib/domain/cost/types';

/** Regimes under which input VAT cannot be deducted and is part of the cost (ст. 170 НК). */
export const VAT_IN_COST: ReadonlySet<TaxRegime> = new Set(TAX_REGIMES.filter((r) => TAX_REGIME[r].inputVatInCost));

/** Where each VAT rate kind of the dated table sits in the engine's rates. */
const RATE_OF_KIND: Record<VatRateKind, 'vatGeneralPct' | 'vatUsn5Pct' | 'vatUsn7Pct'> = { vat: 'vatGeneralPct', vat_usn_5: 'vatUsn5Pct', vat_usn_7: 'vatUsn7Pct' };

/** Lines of nested specifications an answer carries at most (beyond it their lines are left out, figures are not). */
const NESTED_LINES_MAX = 2000;

export { PARAM_DEFAULTS };

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

export function regimeOf(value: unknown): TaxRegime {
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
  const pct = regimeVatPct(regime, (kind) => rates[RATE_OF_KIND[kind]]);
  return pct === null ? null : new Dec(pct);
}

/** A percentage parameter: absent → `def`, never negative. */
export const pctParam = (v: string | undefined, field: string, def: string, label: string): Dec =>
  nonNegative(optDec(v, `params.${field}`, def, label), `params.${field}`, label);

/** The checked parameters and the state of one калькуляция (nested ones computed once, cycles caught). */
export function runOf(p: CostParams, regime: TaxRegime, opts: CalculateOptions): Run {
  const purchaseVatPct = pctParam(p.purchaseVatPct, 'purchaseVatPct', opts.rates.vatGeneralPct, 'НДС поставщиков');
  const run: Run = {
    resolve: opts.resolve ?? (() => undefined),
    method: methodOf(p.semiFinishedMethod),
    additionalWagePct: pctParam(p.additionalWagePct, 'additionalWagePct', '0', 'Дополнительная ЗП'),
    contributionsPct: pctParam(p.contributionsPct, 'contributionsPct', opts.rates.contributionsPct ?? PARAM_DEFAULTS.contributionsPct, 'Страховые взносы'),
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
  return run;
}
