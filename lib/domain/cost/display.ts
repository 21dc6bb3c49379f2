import { formatNumber, parseDecimal } from '@/lib/domain/money';
import type { ProcessStep } from '@/lib/domain/business-processes';
import type { CostParams, MaterialLine, Operation, OverheadPool, SpecDocument } from './types';

/**
 * A number of a stored document as a form shows it: the wire form ("1234.5", a JSON number) becomes Russian
 * ("1 234,5"), value kept exactly; empty stays empty, text that is not a number stays as it is (the form's
 * check reports it).
 */
export function numberForInput<T extends string | undefined>(v: T | number): T | string {
  if (v === undefined) return v;
  if (typeof v === 'string' && v.trim() === '') return v;
  const r = parseDecimal(v);
  return r.ok ? formatNumber(r.value) : (v as T);
}

const field = <T extends object, K extends keyof T>(o: T, k: K): Partial<T> =>
  o[k] === undefined ? {} : ({ [k]: numberForInput(o[k] as string | undefined) } as Partial<T>);

/** `next` when some field differs from `prev`, else `prev` itself (an unchanged line keeps its object: rows stay memoised). */
function keep<T extends object>(prev: T, next: T): T {
  const a = prev as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  const same = (x: unknown, y: unknown) =>
    x === y || (!!x && !!y && typeof x === 'object' && typeof y === 'object' && Object.keys(y).every((k) => (x as Record<string, unknown>)[k] === (y as Record<string, unknown>)[k]));
  return Object.keys(b).every((k) => same(a[k], b[k])) ? prev : next;
}

function materialForInput(m: MaterialLine): MaterialLine {
  return keep(m, {
    ...m,
    qty: numberForInput(m.qty),
    ...field(m, 'wastePct'),
    ...field(m, 'price'),
    ...(m.returnable ? { returnable: { ...m.returnable, ...field(m.returnable, 'qty'), price: numberForInput(m.returnable.price) } } : {}),
  });
}

function operationForInput(o: Operation): Operation {
  return keep(o, { ...o, hours: numberForInput(o.hours), rate: numberForInput(o.rate), ...field(o, 'machineHours'), ...field(o, 'machineRate') });
}

/**
 * A stored specification (numbers in the wire form, as the server keeps them) as the editor shows it: Russian
 * numbers. Lines already shown that way are the same objects.
 */
export function specForEditing(doc: SpecDocument): SpecDocument {
  return {
    ...doc,
    ...field(doc, 'outputQty'),
    materials: (doc.materials ?? []).map(materialForInput),
    operations: (doc.operations ?? []).map(operationForInput),
  };
}

/** Stored process steps as the processes page shows them: Russian numbers. */
export function stepsForEditing(steps: readonly ProcessStep[]): ProcessStep[] {
  return steps.map((st) => ({
    ...st,
    time: numberForInput(st.time),
    rate: numberForInput(st.rate),
    ...field(st, 'workers'),
    ...(st.equipment ? { equipment: { ...st.equipment, ...field(st.equipment, 'machineRate'), ...field(st.equipment, 'powerKw'), ...field(st.equipment, 'tariff') } } : {}),
  }));
}

/** The plain numeric cost parameters (`vatRatePct` is a choice among rates, not a typed number). */
const NUMERIC_PARAMS = [
  'batchQty',
  'additionalWagePct',
  'contributionsPct',
  'accidentPct',
  'preparationPct',
  'defectsPct',
  'otherPct',
  'sellingPct',
  'markupPct',
  'marginPct',
  'price',
  'purchaseVatPct',
] as const satisfies readonly (keyof CostParams)[];

const poolForInput = (p: OverheadPool): OverheadPool => ({ ...p, ...field(p, 'pct'), ...field(p, 'rate') });

/**
 * Stored cost parameters (a scenario, saved defaults, a company's card: numbers in the wire form) as the /cost
 * form shows them: Russian numbers («0.2» → «0,2»), values kept exactly.
 */
export function paramsForEditing(params: CostParams): CostParams {
  const out: CostParams = { ...params };
  for (const k of NUMERIC_PARAMS) if (params[k] !== undefined) out[k] = numberForInput(params[k]);
  if (params.shop) out.shop = poolForInput(params.shop);
  if (params.general) out.general = poolForInput(params.general);
  return out;
}
