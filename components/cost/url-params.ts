import { PARAM_DEFAULTS } from '@/lib/domain/cost/defaults';
import { numberForInput, paramsForEditing } from '@/lib/domain/cost/display';
import {
  SEMI_FINISHED_METHODS,
  TAX_REGIMES,
  type CostParams,
  type OverheadPool,
  type SemiFinishedMethod,
  type TaxRegime,
} from '@/lib/domain/cost/types';
import type { ParamsForm, PriceMode } from './CostParamsPanel';

/**
 * The /cost calculation in the query string, so that a link reproduces it:
 * `?spec=<id>&company=<id>&batch=10&shop=wages:150&markup=25&semi=semi…`.
 * Only what differs from the engine's defaults is written; reading a link with parameters gives the complete
 * set (omitted = the engine's default, written out), so the opener's own saved defaults do not change the figures.
 * The contribution tariff is set by law and changes with it, so it has no fixed default here: the rate that was
 * used is always written (the form's, else the one the shown calculation took from the rate table) and read
 * back as it is. Values that do not parse are ignored.
 */

/** Query key → parameter (plain numeric ones). */
const NUMERIC: [string, keyof CostParams, string][] = [
  ['batch', 'batchQty', '1'],
  ['addWage', 'additionalWagePct', '0'],
  ['contributions', 'contributionsPct', ''],
  ['accident', 'accidentPct', PARAM_DEFAULTS.accidentPct],
  ['prep', 'preparationPct', '0'],
  ['defects', 'defectsPct', '0'],
  ['other', 'otherPct', '0'],
  ['selling', 'sellingPct', '0'],
  ['purchaseVat', 'purchaseVatPct', ''],
];
const POOLS: [string, 'shop' | 'general'][] = [
  ['shop', 'shop'],
  ['general', 'general'],
];
const PRICE_KEYS: [string, Exclude<PriceMode, 'cost'>][] = [
  ['markup', 'markup'],
  ['margin', 'margin'],
  ['price', 'price'],
];
const BASES: OverheadPool['base'][] = ['wages', 'direct', 'machineHours'];

/** Every key the page reads (a query with none of them keeps the user's own defaults). */
const PARAM_KEYS = [...NUMERIC.map(([k]) => k), ...POOLS.map(([k]) => k), ...PRICE_KEYS.map(([k]) => k), 'pricing', 'direct', 'regime', 'vat', 'semi'];

/** A decimal as a user may type it (`12`, `2,5`, `-3.75`, `1 234,5`), at most 30 characters; without its digit grouping. */
const number = (v: string | null): string | null => {
  if (v === null || v.length > 30) return null;
  const t = v.replace(/[\s\u00a0\u202f]/g, '');
  return /^-?\d+([.,]\d+)?$/.test(t) ? t : null;
};
/** `'2,50'` and `'2.5'` are the same value. */
const same = (a: string, b: string) => a.replace(',', '.').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') === b.replace(',', '.').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
const blank = (v: string | undefined) => v === undefined || v.trim() === '';

/** The calculation → query string parameters (spec, company and the non-default parameters). */
export function encodeCostQuery(state: {
  specId?: string;
  companyId?: string;
  form: ParamsForm;
  /** The contribution tariff the shown calculation used (written when the form leaves it to the rate table). */
  usedContributionsPct?: string;
}): URLSearchParams {
  const q = new URLSearchParams();
  if (state.specId) q.set('spec', state.specId);
  if (state.companyId) q.set('company', state.companyId);
  const p = state.form.params;
  for (const [key, param, def] of NUMERIC) {
    const v = p[param] as string | undefined;
    // A blank default (purchase VAT: «the general rate») means any given value is written, 0 included.
    const n = blank(v) ? null : number(v!);
    if (n && !(def && same(n, def))) q.set(key, n);
  }
  const used = number(state.usedContributionsPct ?? null);
  if (!q.has('contributions') && blank(p.contributionsPct) && used) q.set('contributions', used);
  for (const [key, param] of POOLS) {
    const pool = p[param];
    const v = pool ? (pool.base === 'machineHours' ? pool.rate : pool.pct) : undefined;
    const n = blank(v) ? null : number(v!);
    if (pool && n && !same(n, '0')) q.set(key, `${pool.base}:${n}`);
  }
  const { priceMode, priceValue } = state.form;
  if (priceMode === 'cost') q.set('pricing', 'cost');
  else if (!blank(priceValue) && number(priceValue)) q.set(priceMode, number(priceValue)!);
  if (p.directCosting) q.set('direct', '1');
  if (p.taxRegime && p.taxRegime !== 'osno') q.set('regime', p.taxRegime);
  if (p.vatRatePct === 'none' || number(p.vatRatePct ?? null)) q.set('vat', p.vatRatePct === 'none' ? 'none' : number(p.vatRatePct!)!);
  if (p.semiFinishedMethod && p.semiFinishedMethod !== 'flow') q.set('semi', p.semiFinishedMethod);
  return q;
}

export interface CostQuery {
  specId?: string;
  companyId?: string;
  /** The complete form, when the query holds parameters; otherwise absent (the user's defaults apply). */
  form?: ParamsForm;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Query string → the calculation; bad values are left out (their defaults apply). */
export function decodeCostQuery(q: URLSearchParams): CostQuery {
  const out: CostQuery = {};
  const spec = q.get('spec');
  if (spec && ID.test(spec)) out.specId = spec;
  const company = q.get('company');
  if (company && UUID.test(company)) out.companyId = company;
  if (!PARAM_KEYS.some((k) => q.has(k))) return out;

  const params: CostParams = { taxRegime: 'osno', semiFinishedMethod: 'flow' };
  for (const [key, param, def] of NUMERIC) {
    const v = number(q.get(key)) ?? def;
    if (v) (params as Record<string, unknown>)[param] = v;
  }
  for (const [key, param] of POOLS) {
    const [base, value] = (q.get(key) ?? '').split(':');
    const b = BASES.includes(base as OverheadPool['base']) ? (base as OverheadPool['base']) : 'wages';
    const v = number(value ?? null) ?? '0';
    params[param] = b === 'machineHours' ? { base: b, rate: v } : { base: b, pct: v };
  }
  if (q.get('direct') === '1') params.directCosting = true;
  const regime = q.get('regime');
  if (regime && TAX_REGIMES.includes(regime as TaxRegime)) params.taxRegime = regime as TaxRegime;
  const vat = q.get('vat');
  if (vat === 'none' || number(vat)) params.vatRatePct = vat === 'none' ? vat : number(vat)!;
  const semi = q.get('semi');
  if (semi && SEMI_FINISHED_METHODS.includes(semi as SemiFinishedMethod)) params.semiFinishedMethod = semi as SemiFinishedMethod;

  let priceMode: PriceMode = 'cost';
  let priceValue = '';
  for (const [key, mode] of PRICE_KEYS) {
    const v = number(q.get(key));
    if (v) {
      priceMode = mode;
      priceValue = v;
      break;
    }
  }
  // Shown as the form shows every number: Russian («0.2» of a link or a default → «0,2»).
  out.form = { params: paramsForEditing(params), priceMode, priceValue: numberForInput(priceValue) };
  return out;
}
