import { dec, formatNumber, formatPercent, roundKop, sum } from '@/lib/domain/money';
import { isMoney, money, type TemplateData, type TemplateValue } from './values';

const moneyOf = (v: TemplateValue | undefined): string | null => {
  if (isMoney(v)) return v.$money;
  return null;
};

/** Quantity typed as «1 234,5» or «2». */
const qtyOf = (v: TemplateValue | undefined): string | null => {
  if (typeof v === 'number') return String(v);
  if (typeof v !== 'string') return null;
  const t = v.replace(/[\s\u00a0]/g, '').replace(',', '.');
  return /^\d+(\.\d+)?$/.test(t) ? t : null;
};

/**
 * Rows numbered, each amount = price × qty rounded to kopecks unless given; `totals`: sum of the rounded
 * amounts, VAT on top at `vatRatePct` (null = без НДС) rounded to kopecks, and the total.
 */
export function invoiceTotals(items: readonly TemplateData[], vatRatePct: string | null): { items: TemplateData[]; totals: TemplateData } {
  const rows = items.map((it, i) => {
    let amount = moneyOf(it.amount);
    const price = moneyOf(it.price);
    const qty = qtyOf(it.qty);
    if (amount === null && price !== null && qty !== null) amount = roundKop(dec(price).mul(qty)).toFixed(2);
    return { ...it, n: it.n || String(i + 1), ...(amount !== null ? { amount: money(amount) } : {}) };
  });
  const amount = roundKop(sum(rows.map((r) => moneyOf(r.amount) ?? '0')));
  const vat = vatRatePct === null ? dec(0) : roundKop(amount.mul(vatRatePct).div(100));
  return {
    items: rows,
    totals: {
      count: String(rows.length),
      amount: money(amount.toFixed(2)),
      vat: money(vat.toFixed(2)),
      vatRate: vatRatePct === null ? 'без НДС' : formatPercent(vatRatePct),
      vatTitle: vatRatePct === null ? 'Без НДС' : `НДС ${formatPercent(vatRatePct)}`,
      vatText: vatRatePct === null ? '—' : formatNumber(vat, 2),
      total: money(amount.plus(vat).toFixed(2)),
    },
  };
}
