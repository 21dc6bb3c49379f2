import { Dec, ZERO, kop, money } from './num';
import { invalid, parseDec } from './parse';
import { marginOf, markupOf, priceByMargin, vatInside, vatOf } from './engine/pricing';

/** A price and what follows from it, per unit; money with two decimals, percentages with two (null = base 0). */
export interface PriceFigures {
  priceNoVat: string;
  vat: string;
  priceWithVat: string;
  profit: string;
  markupPct: string | null;
  marginPct: string | null;
}

function figures(cost: Dec, priceNoVat: Dec, vat: Dec): PriceFigures {
  const markup = markupOf(cost, priceNoVat);
  const margin = marginOf(cost, priceNoVat);
  return {
    priceNoVat: money(priceNoVat),
    vat: money(vat),
    priceWithVat: money(priceNoVat.plus(vat)),
    profit: money(priceNoVat.minus(cost)),
    markupPct: markup ? markup.toFixed(2) : null,
    marginPct: margin ? margin.toFixed(2) : null,
  };
}

const rateOf = (vatRatePct: string | null): Dec | null => (vatRatePct === null ? null : parseDec(vatRatePct, 'vatRatePct', 'Ставка НДС'));

/**
 * «Цена для маржи X %»: Ц = С / (1 − M/100) without VAT, rounded half-up to kopecks (as the engine prices
 * by target margin), then VAT on top. `cost` is the полная себестоимость per unit.
 */
export function priceForMargin(cost: string, marginPct: string, vatRatePct: string | null): PriceFigures {
  const c = parseDec(cost, 'cost', 'Себестоимость');
  const m = parseDec(marginPct, 'marginPct', 'Маржа');
  if (!m.lessThan(100)) throw invalid('marginPct', 'Маржа должна быть меньше 100 %.');
  const price = priceByMargin(c, m);
  const rate = rateOf(vatRatePct);
  return figures(c, price, rate ? vatOf(price, rate) : ZERO);
}

/**
 * «Маржа при цене Y»: the price given without VAT, or with VAT (`withVat`; the VAT is extracted as
 * Y × r / (100 + r), to kopecks, and the rest is the price without VAT).
 */
export function marginAtPrice(cost: string, price: string, vatRatePct: string | null, withVat = false): PriceFigures {
  const c = parseDec(cost, 'cost', 'Себестоимость');
  const p = parseDec(price, 'price', 'Цена');
  if (p.isNegative()) throw invalid('price', 'Цена: значение не может быть отрицательным.');
  const given = kop(p);
  const rate = rateOf(vatRatePct);
  if (withVat) {
    const vat = rate ? vatInside(given, rate) : ZERO;
    return figures(c, given.minus(vat), vat);
  }
  return figures(c, given, rate ? vatOf(given, rate) : ZERO);
}
