// What the specification editor and its XLSX sheet both show: the price column's VAT mode and title, the waste modes.
import type { MaterialLine } from './types';

/** How the materials' prices are given: all without VAT, all with VAT, or some of each. */
export type PriceVatMode = 'without' | 'with' | 'mixed';

/**
 * Lines with a semi-finished good (`specId`) take their price from that spec, and lines not subject to VAT
 * (`priceVatPct: 'none'`) have none to include: neither counts.
 */
export function priceVatMode(materials: readonly MaterialLine[]): PriceVatMode {
  let withVat = 0;
  let without = 0;
  for (const m of materials) {
    if (m.specId || m.priceVatPct === 'none') continue;
    if (m.priceIncludesVat) withVat++;
    else without++;
  }
  if (withVat && without) return 'mixed';
  return withVat ? 'with' : 'without';
}

/** The price column's header: «Цена, ₽ без НДС» / «с НДС» / both by line. */
export function priceHeader(mode: PriceVatMode): string {
  if (mode === 'with') return 'Цена, ₽ с НДС';
  if (mode === 'without') return 'Цена, ₽ без НДС';
  return 'Цена, ₽ (с НДС или без — по строке)';
}

/** How the waste of a material line is counted, as the editor and the sheet name it. */
export const WASTE_MODE_TITLES = { uplift: 'сверх нормы', share: 'доля брутто' } as const;
