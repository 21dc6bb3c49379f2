import { mul, parseFixed, parseOptFixed, pow10, ratioOf, toKopecks, kopString, type Fixed, type Ratio } from './fixed';
import { ARTICLE_OF, type Run } from './run';
import { at4, finiteOf, plain, ruFixed, ruKop, ruKopOrPlain } from './text';
import type { CostLine, MaterialLine } from './types';

/**
 * The two quick ways of a material line (a bought one, without `specId`): plain Numbers when every
 * intermediate is an exact integer below 2^53, else BigInt fixed point. Both compute the same exact value
 * and round it half-up once, as the decimal.js path does; anything they cannot take returns null.
 */

const SAFE = Number.MAX_SAFE_INTEGER;
export const SAFE_SUM = 2 ** 52;
const NPOW = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/** A plain decimal string with at most 15 digits as an exact integer mantissa; null otherwise. */
function parseSmall(v: unknown, out: { m: number; s: number }): boolean {
  if (v === undefined || v === null || v === '') {
    out.m = 0;
    out.s = 0;
    return true;
  }
  if (typeof v !== 'string') return false;
  const n = v.length;
  if (n === 0 || n > 16) return false;
  let m = 0;
  let dot = -1;
  let digits = 0;
  for (let i = 0; i < n; i++) {
    const c = v.charCodeAt(i);
    if (c === 46) {
      if (dot >= 0) return false;
      dot = i;
    } else if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
    } else return false;
  }
  if (dot === 0 || dot === n - 1 || digits > 15) return false;
  out.m = m;
  out.s = dot < 0 ? 0 : n - dot - 1;
  return true;
}

/** round half-up of num / den with exact integer Numbers (2·num + den must be a safe integer). */
function roundSmall(num: number, den: number): number {
  const a = 2 * num + den;
  const b = 2 * den;
  const r = a % b;
  return (a - r) / b;
}

const sq = { m: 0, s: 0 };
const sw = { m: 0, s: 0 };
const sp = { m: 0, s: 0 };
const sr = { m: 0, s: 0 };

/**
 * The commonest line of a nested specification on plain Numbers: every intermediate is an exact integer
 * below 2^53 (checked), so the result equals the BigInt path. Null → the BigInt / decimal.js path.
 */
export function quickLine(run: Run, m: MaterialLine): { article: '1' | '3' | '4'; kop: number; returnableKop: number } | null {
  if (!parseSmall(m.qty, sq) || !parseSmall(m.wastePct, sw)) return null;
  if (m.priceIncludesVat || run.vatInCost) return null;
  const share = m.wasteMode === 'share';
  const hw = 100 * NPOW[sw.s]!;
  if (sw.s > 10 || sq.s > 12) return null;
  let gn: number;
  let gd: number;
  if (sw.m === 0) {
    gn = sq.m;
    gd = NPOW[sq.s]!;
  } else if (share) {
    if (sw.m >= hw) return null;
    gn = sq.m * hw;
    gd = NPOW[sq.s]! * (hw - sw.m);
  } else {
    gn = sq.m * (hw + sw.m);
    gd = NPOW[sq.s]! * hw;
  }
  if (!parseSmall(m.price, sp) || sp.s > 12) return null;
  const pn = sp.m;
  const pd = NPOW[sp.s]!;
  const num = gn * pn * 100;
  const den = gd * pd;
  if (!(num <= SAFE && den <= SAFE && 2 * num + den <= SAFE)) return null;
  const kop = roundSmall(num, den);
  let returnableKop = 0;
  if (m.returnable) {
    if (!parseSmall(m.returnable.price, sr) || sr.s > 12) return null;
    let rn: number;
    let rd: number;
    if (m.returnable.qty === undefined || m.returnable.qty === '') {
      // (gross − net) = (gn − q·gd / 10^qs) / gd = (gn·10^qs − qm·gd) / (gd·10^qs)
      const scale = NPOW[sq.s]!;
      rn = gn * scale - sq.m * gd;
      rd = gd * scale;
      if (!(Math.abs(gn * scale) <= SAFE && sq.m * gd <= SAFE)) return null;
    } else {
      const rq = { m: 0, s: 0 };
      if (!parseSmall(m.returnable.qty, rq) || rq.s > 12) return null;
      rn = rq.m;
      rd = NPOW[rq.s]!;
    }
    const n2 = rn * sr.m * 100;
    const d2 = rd * NPOW[sr.s]!;
    if (!(rn >= 0 && n2 <= SAFE && d2 <= SAFE && 2 * n2 + d2 <= SAFE)) return null;
    returnableKop = roundSmall(n2, d2);
  }
  const article = ARTICLE_OF[m.article ?? 'materials'] ?? '1';
  return { article, kop, returnableKop };
}

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
  const hundredW = 100n * pow10(w.s);
  if (share && w.m >= hundredW) return null;
  let gross: Ratio;
  if (w.m === 0n) gross = { n: q.m, d: pow10(q.s) };
  else if (share) gross = { n: q.m * hundredW, d: pow10(q.s) * (hundredW - w.m) };
  else gross = { n: q.m * (hundredW + w.m), d: pow10(q.s) * hundredW };

  let priceNote = '';
  const p = parseOptFixed(m.price);
  if (!p) return null;
  let amountRatio = mul(gross, ratioOf(p));
  const v = run.purchaseVatFixed;
  const base = 100n * pow10(v.s);
  if (m.priceIncludesVat && !run.vatInCost) {
    amountRatio = mul(amountRatio, { n: base, d: base + v.m });
    if (withLines) priceNote = ` / ${ruFixed(base + v.m, v.s + 2)} (без НДС ${ruFixed(v.m, v.s)} %)`;
  } else if (!m.priceIncludesVat && run.vatInCost) {
    amountRatio = mul(amountRatio, { n: base + v.m, d: base });
    if (withLines) priceNote = ` × ${ruFixed(base + v.m, v.s + 2)} (НДС ${ruFixed(v.m, v.s)} % входит в стоимость)`;
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
