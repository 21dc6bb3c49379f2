import type { MaterialLine, Operation, SpecDocument } from '@/lib/domain/cost';
import { newLineVat, type SupplierPriceBasis } from '@/lib/domain/cost/price-basis';

/* New specification documents and lines: no arithmetic, so a page can create a draft before the editor's code loads. */

let seq = 0;
/** A fresh line id (unique in the document). */
export const newLineId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export const emptySpec = (): SpecDocument => ({
  schemaVersion: 1,
  name: '',
  unit: 'шт',
  outputQty: '1',
  materials: [],
  operations: [],
});

/** A new free-text material line: its price starts on the user's default VAT basis (`basis`), not the previous line's. */
export const newMaterial = (basis?: SupplierPriceBasis): MaterialLine => ({
  id: newLineId('m'),
  name: '',
  unit: 'шт',
  qty: '1',
  wastePct: '',
  wasteMode: 'uplift',
  price: '',
  ...newLineVat(basis),
});
export const newOperation = (): Operation => ({ id: newLineId('o'), name: '', hours: '', rate: '' });
