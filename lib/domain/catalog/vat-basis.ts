import type { MaterialLine } from '@/lib/domain/cost/types';
import { changePct, netKop } from './price-on-date';

/**
 * The VAT basis of a stored price: the figure as the supplier gave it, `vatIncluded` — with VAT or without, and
 * `vatRate` — the rate in percent ("22", "10", "0") or `none`: not subject to VAT («без НДС»), where the figure is
 * the whole price and there is no VAT in it or to add to it. A price not subject to VAT is never «с НДС».
 */
export interface VatBasis {
  vatIncluded: boolean;
  vatRate: string;
}

/**
 * A price's basis from what was given: the row's own rate when it has one (a price list's «Ставка НДС» column, «без
 * НДС» included), else the default rate (the file's or the form's); with VAT as the default says, unless the rate
 * is «без НДС».
 */
export function vatBasisOf(vatIncluded: boolean, ownRate: string | null | undefined, defaultRate: string): VatBasis {
  const vatRate = ownRate ?? defaultRate;
  return { vatIncluded: vatIncluded && vatRate !== 'none', vatRate };
}

/** The fields of a specification line that take a catalogue price: the flag «с НДС» and the rate of the price. */
export function lineVatOf(p: VatBasis): Pick<MaterialLine, 'priceIncludesVat' | 'priceVatPct'> {
  if (p.vatRate === 'none') return { priceIncludesVat: undefined, priceVatPct: 'none' };
  return { priceIncludesVat: p.vatIncluded || undefined, priceVatPct: p.vatRate };
}

/** «с НДС 22 %», «без НДС 22 %» (VAT at 22 % on top), «без НДС» (not subject). */
export function vatBasisText(p: VatBasis): string {
  if (p.vatRate === 'none') return 'без НДС';
  return `${p.vatIncluded ? 'с НДС' : 'без НДС'} ${p.vatRate.replace('.', ',')} %`;
}

/** Two bases are the same when both the flag and the rate are (rates compared as numbers: "22" = "22.00"). */
export function sameVatBasis(a: VatBasis, b: VatBasis): boolean {
  const rate = (r: string) => (r === 'none' ? r : String(Number(r)));
  return a.vatIncluded === b.vatIncluded && rate(a.vatRate) === rate(b.vatRate);
}

/** A price figure in kopecks with its basis. */
export interface BasedPrice extends VatBasis {
  kop: number;
}

/**
 * A supplier's price against the one it had: unchanged only when both the figure and its basis are the same
 * (35,50 without VAT and 35,50 with 22 % are different prices); the change in percent is of the amounts without
 * VAT, so «с НДС» against «без НДС» never reads as a rise or a fall of 22 %.
 */
export function priceChange(old: BasedPrice | null, next: BasedPrice): { unchanged: boolean; basisChanged: boolean; pct: string | null } {
  if (!old) return { unchanged: false, basisChanged: false, pct: null };
  const basisChanged = !sameVatBasis(old, next);
  const net = (p: BasedPrice) => netKop({ priceKop: p.kop, vatIncluded: p.vatIncluded, vatRate: p.vatRate });
  return { unchanged: !basisChanged && old.kop === next.kop, basisChanged, pct: changePct(net(old), net(next)) };
}
