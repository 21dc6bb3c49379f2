import { Dec } from '@/lib/domain/money';

/** One price row of an item as the rule needs it: kopecks as entered, with or without VAT. */
export interface PriceCandidate {
  id: string;
  supplierId: string;
  priceKop: number;
  vatIncluded: boolean;
  /** Percent as a decimal string, or 'none'. */
  vatRate: string;
  /** ISO day the price is valid from. */
  validFrom: string;
  /** When the row was written (a later row of one supplier and day wins). */
  createdAt?: Date | string;
}

export type PriceChoice = 'preferred' | 'lowest';

/** The price without VAT in kopecks (half-up): the figure suppliers are compared by. */
export function netKop(row: Pick<PriceCandidate, 'priceKop' | 'vatIncluded' | 'vatRate'>): number {
  if (!row.vatIncluded || row.vatRate === 'none') return row.priceKop;
  const rate = new Dec(row.vatRate);
  if (rate.isZero()) return row.priceKop;
  return new Dec(row.priceKop).div(rate.div(100).plus(1)).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();
}

/** The price without VAT in roubles as the calculation takes it: exact to 4 places (half-up), at least 2 ("0.6967", "35.50"). */
export function netPrice(row: Pick<PriceCandidate, 'priceKop' | 'vatIncluded' | 'vatRate'>): string {
  let net = new Dec(row.priceKop).div(100);
  if (row.vatIncluded && row.vatRate !== 'none' && !new Dec(row.vatRate).isZero()) net = net.div(new Dec(row.vatRate).div(100).plus(1));
  const d = net.toDecimalPlaces(4, Dec.ROUND_HALF_UP);
  return d.decimalPlaces() <= 2 ? d.toFixed(2) : d.toFixed();
}

const stamp = (r: PriceCandidate) => (r.createdAt === undefined ? 0 : new Date(r.createdAt).getTime());

/** Of two rows of one supplier, the one in force later: the later `validFrom`, then the later written. */
const later = (a: PriceCandidate, b: PriceCandidate) =>
  a.validFrom !== b.validFrom ? (a.validFrom > b.validFrom ? a : b) : stamp(a) >= stamp(b) ? a : b;

/** Each supplier's row in force on `date` (ISO day): the latest with `validFrom ≤ date`. */
export function supplierPricesOn<T extends PriceCandidate>(rows: readonly T[], date: string): Map<string, T> {
  const bySupplier = new Map<string, T>();
  for (const r of rows) {
    if (r.validFrom > date) continue;
    const had = bySupplier.get(r.supplierId);
    bySupplier.set(r.supplierId, had ? (later(had, r) as T) : r);
  }
  return bySupplier;
}

/**
 * The price of an item on `date`: among each supplier's latest row valid by then, the preferred supplier's
 * (choice `preferred` and that supplier has one), else the lowest without VAT (ties: the later `validFrom`,
 * then the supplier id, so the answer never depends on the order of rows). null: no row valid by then.
 */
export function priceOnDate<T extends PriceCandidate>(
  rows: readonly T[],
  date: string,
  opts: { choice: PriceChoice; preferredSupplierId?: string | null },
): T | null {
  const current = supplierPricesOn(rows, date);
  if (opts.choice === 'preferred' && opts.preferredSupplierId) {
    const own = current.get(opts.preferredSupplierId);
    if (own) return own;
  }
  let best: T | null = null;
  for (const r of current.values()) {
    if (!best) {
      best = r;
      continue;
    }
    const a = netKop(r);
    const b = netKop(best);
    if (a < b || (a === b && (r.validFrom > best.validFrom || (r.validFrom === best.validFrom && r.supplierId < best.supplierId)))) best = r;
  }
  return best;
}

/** Change from `oldKop` to `newKop` in percent, 2 places half-up ("12.50"); null when there was no old price or it was 0. */
export function changePct(oldKop: number | null | undefined, newKop: number | null | undefined): string | null {
  if (oldKop === null || oldKop === undefined || newKop === null || newKop === undefined || oldKop === 0) return null;
  return new Dec(newKop).minus(oldKop).div(oldKop).times(100).toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
}

/** Kopecks → roubles as a decimal string "1234.56". */
export const kopToRub = (kop: number): string => new Dec(kop).div(100).toFixed(2);

/** Roubles (a decimal string with at most 2 places) → kopecks. */
export const rubToKop = (rub: string): number => new Dec(rub).times(100).toDecimalPlaces(0, Dec.ROUND_HALF_UP).toNumber();
