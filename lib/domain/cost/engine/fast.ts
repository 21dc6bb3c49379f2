import { mul, parseFixed, parseOptFixed, pow10, ratioOf, toKopecks, kopString, type Fixed, type Ratio } from './fixed';
import { ARTICLE_OF, type Run } from './run';
import { at4, costPriceText, finiteOf, plain, ruFixed, ruKop, ruKopOrPlain } from './text';
import type { CostLine, MaterialLine } from '@/lib/domain/cost/types';

const ZERO_FIXED: Fixed = { m: 0n, s: 0 };

/**
 * The one fast path of a material line (a bought one, without `specId`): BigInt fixed point instead of
 * decimal.js objects, a few integer operations per line. It computes the same exact value as the exact path
 * (`materials.ts`) and rounds it half-up to kopecks once; whatever it cannot take (commas, spaces, JSON
 * numbers, negatives, absurd lengths) returns null and goes the exact way, which also words the errors.
 * `tests/unit/domain/cost/fast-path.test.ts` checks on generated lines that both give the same amounts and texts.
 */

export interface FastLine {
  article: '1' | '3' | '4';
  kop: bigint;
  returnableKop: bigint;
  lines?: CostLine[];
}

/**
 * One material line on the BigInt path, or null when its inputs are not plain decimal strings (or are out of
 * range) — then the decimal.js path computes it (and reports errors). Same exact value, same rounding.
 */
export function fastLine(run: Run, m: MaterialLine, withLines: boolean): FastLine | null {
  const q = parseFixed(m.qty);
  const w = parseOptFixed(m.wastePct);
  if (!q || !w) return null;
  const share = m.wasteMode === 'share';
  let gross: Ratio;
  if (w.m === 0n) gross = { n: q.m, d: pow10(q.s) };
  else {
    const hundredW = pow10(w.s + 2);
    if (share && w.m >= hundredW) return null;
    if (share) gross = { n: q.m * hundredW, d: pow10(q.s) * (hundredW - w.m) };
    else gross = { n: q.m * (hundredW + w.m), d: pow10(q.s) * hundredW };
  }

  let priceNote = '';
  let costPrice: string | undefined;
  const p = parseOptFixed(m.price);
  if (!p) return null;
  let amountRatio: Ratio = { n: gross.n * p.m, d: gross.d * pow10(p.s) };
  // The supplier's VAT: taken out of a price with it, or added to a price without it when it is a cost — at the
  // line's own rate (none: not subject), else the калькуляция's.
  const v = m.priceVatPct === undefined || m.priceVatPct === '' ? run.purchaseVatFixed : m.priceVatPct === 'none' ? ZERO_FIXED : parseFixed(m.priceVatPct);
  if (!v || v.m > 100n * pow10(v.s)) return null; // the exact path reports it
  const out = Boolean(m.priceIncludesVat) && !run.vatInCost;
  if (v.m !== 0n && (out || (!m.priceIncludesVat && run.vatInCost))) {
    const base = pow10(v.s + 2);
    const factor = out ? { n: base, d: base + v.m } : { n: base + v.m, d: base };
    amountRatio = mul(amountRatio, factor);
    if (withLines) {
      costPrice = costPriceText(ratioOf(p), factor);
      priceNote = out
        ? ` / ${ruFixed(base + v.m, v.s + 2)} (без НДС ${ruFixed(v.m, v.s)} %)`
        : ` × ${ruFixed(base + v.m, v.s + 2)} (НДС ${ruFixed(v.m, v.s)} % входит в стоимость)`;
    }
  }
  const kop = toKopecks(amountRatio);
  const article = ARTICLE_OF[m.article ?? 'materials'] ?? '1';

  let returnableKop = 0n;
  let ret: { qty: Ratio; price: Fixed; byDefault: boolean } | undefined;
  if (m.returnable) {
    const rp = parseFixed(m.returnable.price);
    if (!rp) return null;
    let rq: Ratio;
    if (m.returnable.qty === undefined || m.returnable.qty === '') {
      rq = { n: gross.n * pow10(q.s) - q.m * gross.d, d: gross.d * pow10(q.s) };
    } else {
      const given = parseFixed(m.returnable.qty);
      if (!given) return null;
      rq = ratioOf(given);
    }
    returnableKop = toKopecks(mul(rq, ratioOf(rp)));
    if (withLines) ret = { qty: rq, price: rp, byDefault: m.returnable.qty === undefined || m.returnable.qty === '' };
  }

  if (!withLines) return { article, kop, returnableKop };
  const g = grossTexts(ruFixed(q.m, q.s), w.m === 0n ? null : ruFixed(w.m, w.s), share, gross, m.unit);
  const lines: CostLine[] = [
    {
      id: m.id,
      article,
      name: m.name,
      formula: `${g.waste}${g.expr} × ${ruKopOrPlain(p)}${priceNote} = ${ruKop(kop)}`,
      amount: kopString(kop),
      unit: m.unit,
      qty: plain(q),
      gross: plain(at4(gross)),
      price: plain(p),
      ...(costPrice === undefined ? {} : { costPrice }),
    },
  ];
  if (ret) {
    const rq = finiteOf(ret.qty);
    lines.push({
      id: `${m.id}.returnable`,
      article: '2',
      name: `Возвратные отходы: ${m.name}`,
      formula: `${returnableQtyText(rq, ret.byDefault, g.expr, ruFixed(q.m, q.s))} × ${ruKopOrPlain(ret.price)} = ${ruKop(returnableKop)}`,
      amount: kopString(returnableKop),
      unit: m.unit,
      qty: plain(at4(ret.qty)),
      price: plain(ret.price),
    });
  }
  return { article, kop, returnableKop, lines };
}

/**
 * Texts of a line's брутто: the waste step (`1,5 × (1 + 7 %) = 1,605 кг; `, or `≈` when брутто is not a finite
 * decimal) and the exact operand for the amount (брутто itself, or `3 / (1 − 7 %)`).
 */
export function grossTexts(qtyText: string, wasteText: string | null, share: boolean, gross: Ratio, unit: string): { waste: string; expr: string } {
  if (wasteText === null) return { waste: '', expr: qtyText };
  const exact = finiteOf(gross);
  if (share) {
    const expr = `${qtyText} / (1 − ${wasteText} %)`;
    if (exact) return { waste: `${expr} = ${ruFixed(exact.m, exact.s)} ${unit}; `, expr: ruFixed(exact.m, exact.s) };
    const g4 = at4(gross);
    return { waste: `${expr} ≈ ${ruFixed(g4.m, g4.s)} ${unit}; `, expr };
  }
  const g = exact ?? at4(gross);
  const text = ruFixed(g.m, g.s);
  return { waste: `${qtyText} × (1 + ${wasteText} %) = ${text} ${unit}; `, expr: text };
}

/** The quantity of возвратные отходы in a formula: exact, or `(брутто − нетто)` when it is not a finite decimal. */
export function returnableQtyText(exact: Fixed | null, byDefault: boolean, grossExpr: string, qtyText: string): string {
  if (exact) return ruFixed(exact.m, exact.s);
  return byDefault ? `(${grossExpr} − ${qtyText})` : '?';
}
