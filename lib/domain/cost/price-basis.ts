// The user's default VAT basis of supplier prices: what a new free-text material line of a specification starts with.
import type { MaterialLine } from './types';

/** Supplier prices given with VAT or without it. */
export type SupplierPriceBasis = 'with' | 'without';

export const SUPPLIER_PRICE_BASES: readonly SupplierPriceBasis[] = ['without', 'with'];

/** The product's default (a user who set none): prices without VAT, as the engine reads a line with no flag. */
export const DEFAULT_SUPPLIER_PRICE_BASIS: SupplierPriceBasis = 'without';

export const SUPPLIER_PRICE_BASIS_TITLES: Record<SupplierPriceBasis, string> = { without: 'без НДС', with: 'с НДС' };

export const isSupplierPriceBasis = (v: unknown): v is SupplierPriceBasis => v === 'with' || v === 'without';

/**
 * The VAT fields of a new free-text material line: the user's default basis — never the previous lines' — with
 * the rate left to the калькуляция's «НДС поставщиков». A line picked from the catalogue takes its price's own
 * basis and rate instead (`lineVatOf`).
 */
export function newLineVat(basis: SupplierPriceBasis = DEFAULT_SUPPLIER_PRICE_BASIS): Pick<MaterialLine, 'priceIncludesVat'> {
  return basis === 'with' ? { priceIncludesVat: true } : {};
}

/** A line nobody has filled yet: free text with no name and no price. */
const untouched = (m: MaterialLine) => !m.name.trim() && !m.price?.trim() && !m.itemId && !m.specId;

/**
 * The document with its untouched lines put on `basis` (a new document's first line is made before the user's
 * default arrives); the same object when none changes. Lines already filled keep their basis.
 */
export function untouchedLinesOn<D extends { materials: MaterialLine[] }>(doc: D, basis: SupplierPriceBasis): D {
  const want = basis === 'with';
  const off = (m: MaterialLine) => untouched(m) && !!m.priceIncludesVat !== want;
  if (!doc.materials.some(off)) return doc;
  return { ...doc, materials: doc.materials.map((m) => (off(m) ? { ...m, priceIncludesVat: want || undefined } : m)) };
}
