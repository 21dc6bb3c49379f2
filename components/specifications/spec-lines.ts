import type { ProcessStep } from '@/lib/domain/business-processes';
import { type MaterialLine } from '@/lib/domain/cost';
import { HUNDRED, ZERO, formatNumber, parseDecimal } from '@/lib/domain/money';

/* The specification editor's lines: new lines and documents, and the values shown beside them. */

export { emptySpec, newLineId, newMaterial, newOperation } from './spec-new';

/** брутто − нетто of a line (the default quantity of its returnable waste), Russian, or '' when not computable. */
export function defaultReturnableQty(m: MaterialLine): string {
  const parse = (v: string | undefined) => {
    const r = parseDecimal(v ?? '');
    return r.ok ? r.value : null;
  };
  const qty = parse(m.qty);
  const w = m.wastePct?.trim() ? parse(m.wastePct) : ZERO;
  if (!qty || !w || w.isNegative()) return '';
  let gross;
  if (m.wasteMode === 'share') {
    if (w.gte(100)) return '';
    gross = qty.times(100).div(HUNDRED.minus(w));
  } else gross = qty.times(HUNDRED.plus(w)).div(100);
  return formatNumber(gross.minus(qty).toDecimalPlaces(4));
}

/**
 * The engine takes every line for the whole output (`outputQty`) and divides the totals by it: the editor
 * says so in the quantity headers and under «Выпуск», so nobody enters per-unit quantities for a batch.
 */
export function outputScope(outputQty: string | undefined, unit: string): { short: string; summary: string } {
  const raw = outputQty?.trim() || '1';
  const q = raw.replace('.', ',');
  const u = unit || 'ед.';
  if (!/^\d+([.,]\d+)?$/.test(raw) || Number(raw.replace(',', '.')) === 1) {
    return { short: `на 1 ${u}`, summary: `Выпуск — 1 ${u}: количества в строках — на 1 ${u}, итог и есть себестоимость единицы.` };
  }
  return {
    short: `на весь выпуск: ${q} ${u}`,
    summary: `Количества в строках — на весь выпуск (${q} ${u}), не на единицу. Себестоимость единицы = итог ÷ ${q}.`,
  };
}

/** A business-process set as `business-processes/list` gives it. */
export interface LinkableSet {
  id: string;
  name: string;
  steps?: ProcessStep[];
}

export interface RowProps<T> {
  index: number;
  line: T;
  errors: Record<string, string>;
  onChange: (index: number, patch: Partial<T>) => void;
  onRemove: (index: number) => void;
}
