import { CostError } from './errors';
import { divRoundHalfUp, kopString, mul, parseFixed, parseOptFixed, pow10, ratioOf, toKopecks, type Fixed, type Ratio } from './fixed';
import { Dec, HUNDRED, ZERO, kop, money, pctOf, ru, ruMoney } from './num';
import { invalid, optDec, parseDec } from './parse';
import { markupOf, marginOf, priceByMargin, priceByMarkup, vatOf } from './pricing';
import {
  ARTICLE_NOS,
  TAX_REGIMES,
  type ArticleNo,
  type CostExplain,
  type CostFigures,
  type CostLine,
  type CostParams,
  type CostRates,
  type CostResult,
  type MaterialLine,
  type OverheadPool,
  type SpecDocument,
  type TaxRegime,
} from './types';

/** Finds a nested specification by id (from the `specs` map or storage); undefined = not found. */
export type SpecResolver = (specId: string) => SpecDocument | undefined;

/** Regimes under which input VAT cannot be deducted and is part of the cost (ст. 170 НК). */
export const VAT_IN_COST: ReadonlySet<TaxRegime> = new Set(['usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn']);

type DirectArticles = Record<'1' | '2' | '3' | '4' | '5' | '6' | '7' | '9', Dec>;

interface DirectPart {
  art: DirectArticles;
  machineHours: Dec;
  /** 1 − 2 + 3 + 4 + 5 + 6 + 7 */
  direct: Dec;
  lines: CostLine[];
}

interface Run {
  resolve: SpecResolver;
  additionalWagePct: Dec;
  contributionsPct: Dec;
  accidentPct: Dec;
  purchaseVatPct: Dec;
  vatInCost: boolean;
  /** specId → direct cost per unit of output (rounded), computed once. */
  memo: Map<string, Dec>;
  /** The same unit costs in kopecks, for the BigInt path. */
  memoKop: Map<string, bigint>;
  /** purchaseVatPct as a fixed-point value. */
  purchaseVatFixed: Fixed;
  names: Map<string, string>;
  /** Specification ids being computed (for cycle detection). */
  stack: string[];
  nested: Map<string, { name: string; unitCost: Dec; outputQty: Dec }>;
}

const pctText = (d: Dec) => `${ru(d)} %`;

function nonNegative(d: Dec, field: string, label: string): Dec {
  if (d.isNegative()) throw invalid(field, `${label}: значение не может быть отрицательным.`);
  return d;
}

function positive(d: Dec, field: string, label: string): Dec {
  if (!d.greaterThan(0)) throw invalid(field, `${label}: значение должно быть больше нуля.`);
  return d;
}

function outputQtyOf(spec: SpecDocument, prefix: string): Dec {
  return positive(optDec(spec.outputQty, `${prefix}outputQty`, '1', 'Выпуск'), `${prefix}outputQty`, 'Выпуск');
}

const specLabel = (run: Run, id: string) => `«${run.names.get(id) ?? id}»`;

/** Direct cost per unit of output of a nested specification (its own статьи 1 − 2 + 3 + 4 + 5 + 6 + 7 / outputQty). */
function unitCostOf(run: Run, specId: string, field: string): Dec {
  const known = run.memo.get(specId);
  if (known) return known;
  const at = run.stack.indexOf(specId);
  if (at >= 0) {
    const path = [...run.stack.slice(at), specId];
    throw new CostError(
      'SPEC_CYCLE',
      `Спецификации ссылаются друг на друга по кругу: ${path.map((id) => specLabel(run, id)).join(' → ')}.`,
      { path, fields: { [field]: 'Эта спецификация входит сама в себя.' } },
    );
  }
  const spec = run.resolve(specId);
  if (!spec) {
    throw new CostError('NESTED_SPEC_NOT_FOUND', `Вложенная спецификация не найдена (${specId}).`, {
      path: [...run.stack, specId],
      fields: { [field]: 'Спецификация не найдена.' },
    });
  }
  run.names.set(specId, spec.name);
  run.stack.push(specId);
  const prefix = `specs.${specId}.`;
  const part = directOf(run, spec, prefix, false);
  const outputQty = outputQtyOf(spec, prefix);
  run.stack.pop();
  const unitCost = kop(part.direct.div(outputQty));
  run.memo.set(specId, unitCost);
  run.memoKop.set(specId, BigInt(unitCost.times(100).toFixed(0)));
  run.nested.set(specId, { name: spec.name, unitCost, outputQty });
  return unitCost;
}

const ARTICLE_OF = { materials: '1', purchased: '3', energy: '4' } as const;

const kopDec = (k: bigint): Dec => (k === 0n ? ZERO : new Dec(kopString(k)));

const NBSP = '\u00a0';

/** `1234567` → `1 234 567` (NBSP groups), without regular expressions. */
function groupDigits(int: string): string {
  const n = int.length;
  if (n <= 3) return int;
  let out = int.slice(0, n % 3 || 3);
  for (let i = n % 3 || 3; i < n; i += 3) out += NBSP + int.slice(i, i + 3);
  return out;
}

/** Digits of m / 10^s split into the integer part and the fraction (trailing zeros dropped). */
function splitFixed(m: bigint, s: number): [string, string] {
  let digits = m.toString();
  if (s === 0) return [digits, ''];
  if (digits.length <= s) digits = digits.padStart(s + 1, '0');
  let frac = digits.slice(-s);
  let end = frac.length;
  while (end > 0 && frac.charCodeAt(end - 1) === 48) end--;
  frac = frac.slice(0, end);
  return [digits.slice(0, -s), frac];
}

/** Russian text of m / 10^s: `1 234,5` (trailing zeros dropped). */
function ruFixed(m: bigint, s: number): string {
  const [int, frac] = splitFixed(m, s);
  return frac ? `${groupDigits(int)},${frac}` : groupDigits(int);
}
/** Money string "1234.50" → `1 234,50`. */
function ruMoneyStr(t: string): string {
  const neg = t.startsWith('-');
  const body = neg ? t.slice(1) : t;
  const dot = body.indexOf('.');
  return `${neg ? '-' : ''}${groupDigits(body.slice(0, dot))},${body.slice(dot + 1)}`;
}
const ruKop = (k: bigint): string => ruMoneyStr(kopString(k));
/** A ratio rounded half-up to 4 decimals, as {m, s: 4}. */
const at4 = (r: Ratio): Fixed => ({ m: divRoundHalfUp(r.n * 10000n, r.d), s: 4 });
/** Plain wire text of m / 10^s: "1234.5". */
const plain = (f: Fixed): string => {
  const [int, frac] = splitFixed(f.m, f.s);
  return frac ? `${int}.${frac}` : int;
};

const SAFE = Number.MAX_SAFE_INTEGER;
const SAFE_SUM = 2 ** 52;
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
function quickLine(run: Run, m: MaterialLine): { article: '1' | '3' | '4'; kop: number; returnableKop: number } | null {
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
  let pn: number;
  let pd: number;
  if (m.specId) {
    const k = run.memoKop.get(m.specId);
    if (k === undefined || k > 1_000_000_000_000n) return null;
    pn = Number(k);
    pd = 100;
  } else {
    if (!parseSmall(m.price, sp) || sp.s > 12) return null;
    pn = sp.m;
    pd = NPOW[sp.s]!;
  }
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

interface FastLine {
  article: '1' | '3' | '4';
  kop: bigint;
  returnableKop: bigint;
  lines?: CostLine[];
}

/**
 * One material line on the BigInt path, or null when its inputs are not plain decimal strings (or are out of
 * range) — then the decimal.js path computes it (and reports errors). Same exact value, same rounding.
 */
function fastLine(run: Run, m: MaterialLine, f: string, withLines: boolean): FastLine | null {
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

  let price: Ratio;
  let priceText = '';
  let priceNote = '';
  let priceField: string;
  let amountRatio: Ratio;
  if (m.specId) {
    unitCostOf(run, m.specId, `${f}specId`);
    const kop = run.memoKop.get(m.specId)!;
    price = { n: kop, d: 100n };
    amountRatio = mul(gross, price);
    priceField = kopString(kop);
    if (withLines) priceText = `${ruKop(kop)} (себестоимость полуфабриката ${specLabel(run, m.specId)} за ед.)`;
  } else {
    const p = parseOptFixed(m.price);
    if (!p) return null;
    price = ratioOf(p);
    priceField = plain(p);
    amountRatio = mul(gross, price);
    const v = run.purchaseVatFixed;
    const base = 100n * pow10(v.s);
    if (m.priceIncludesVat && !run.vatInCost) {
      amountRatio = mul(amountRatio, { n: base, d: base + v.m });
      if (withLines) priceNote = ` / ${ruFixed(base + v.m, v.s + 2)} (без НДС ${ruFixed(v.m, v.s)} %)`;
    } else if (!m.priceIncludesVat && run.vatInCost) {
      amountRatio = mul(amountRatio, { n: base + v.m, d: base });
      if (withLines) priceNote = ` × ${ruFixed(base + v.m, v.s + 2)} (НДС ${ruFixed(v.m, v.s)} % входит в стоимость)`;
    }
    if (withLines) priceText = ruKopOrPlain(p);
  }
  const kop = toKopecks(amountRatio);
  const article = ARTICLE_OF[m.article ?? 'materials'] ?? '1';

  let returnableKop = 0n;
  let ret: { qty: Fixed; price: Fixed } | undefined;
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
    if (withLines) ret = { qty: at4(rq), price: rp };
  }

  if (!withLines) return { article, kop, returnableKop };
  const g4 = at4(gross);
  const grossText = ruFixed(g4.m, 4);
  const qtyText = ruFixed(q.m, q.s);
  const wasteText = w.m === 0n ? '' : share ? `${qtyText} / (1 − ${ruFixed(w.m, w.s)} %) = ${grossText} ${m.unit}; ` : `${qtyText} × (1 + ${ruFixed(w.m, w.s)} %) = ${grossText} ${m.unit}; `;
  const lines: CostLine[] = [
    {
      id: m.id,
      article,
      name: m.name,
      formula: `${wasteText}${grossText} × ${priceText}${priceNote} = ${ruKop(kop)}`,
      amount: kopString(kop),
      unit: m.unit,
      qty: plain(q),
      gross: plain(g4),
      price: priceField,
      ...(m.specId ? { specId: m.specId } : {}),
    },
  ];
  if (ret) {
    lines.push({
      id: `${m.id}.returnable`,
      article: '2',
      name: `Возвратные отходы: ${m.name}`,
      formula: `${ruFixed(ret.qty.m, ret.qty.s)} × ${ruKopOrPlain(ret.price)} = ${ruKop(returnableKop)}`,
      amount: kopString(returnableKop),
      unit: m.unit,
      qty: plain(ret.qty),
      price: plain(ret.price),
    });
  }
  return { article, kop, returnableKop, lines };
}

/** A price for formulas: two decimals at least (`2 000,00`, `1,005`). */
function ruKopOrPlain(p: Fixed): string {
  if (p.s <= 2) return ruKop(p.m * pow10(2 - p.s));
  const t = ruFixed(p.m, p.s);
  return t.includes(',') && t.split(',')[1]!.length >= 2 ? t : ruKop(divRoundHalfUp(p.m * 100n, pow10(p.s)));
}

/** Статьи 1–7 and 9 of one specification for its outputQty; `withLines` also writes the formulas. */
function directOf(run: Run, spec: SpecDocument, prefix: string, withLines: boolean): DirectPart {
  const art: DirectArticles = { '1': ZERO, '2': ZERO, '3': ZERO, '4': ZERO, '5': ZERO, '6': ZERO, '7': ZERO, '9': ZERO };
  const lines: CostLine[] = [];
  const vatFactor = HUNDRED.plus(run.purchaseVatPct).div(HUNDRED);
  const materials = spec.materials ?? [];
  let k1 = 0n;
  let k2 = 0n;
  let k3 = 0n;
  let k4 = 0n;
  // Number accumulators of the quick path (exact integers of kopecks while below 2^52).
  let n1 = 0;
  let n2 = 0;
  let n3 = 0;
  let n4 = 0;
  for (let i = 0; i < materials.length; i++) {
    const m = materials[i]!;
    if (!withLines) {
      const quick = quickLine(run, m);
      if (quick) {
        if (quick.article === '1') n1 += quick.kop;
        else if (quick.article === '3') n3 += quick.kop;
        else n4 += quick.kop;
        n2 += quick.returnableKop;
        if (n1 > SAFE_SUM || n2 > SAFE_SUM || n3 > SAFE_SUM || n4 > SAFE_SUM) {
          k1 += BigInt(n1); k2 += BigInt(n2); k3 += BigInt(n3); k4 += BigInt(n4);
          n1 = n2 = n3 = n4 = 0;
        }
        continue;
      }
    }
    const f = `${prefix}materials.${i}.`;
    const fast = fastLine(run, m, f, withLines);
    if (fast) {
      if (fast.article === '1') k1 += fast.kop;
      else if (fast.article === '3') k3 += fast.kop;
      else k4 += fast.kop;
      k2 += fast.returnableKop;
      if (fast.lines) lines.push(...fast.lines);
      continue;
    }
    const qty = nonNegative(parseDec(m.qty, `${f}qty`, 'Количество'), `${f}qty`, 'Количество');
    const w = nonNegative(optDec(m.wastePct, `${f}wastePct`, '0', 'Отходы'), `${f}wastePct`, 'Отходы');
    const share = m.wasteMode === 'share';
    // gross = grossNum / grossDen; every amount is one exact product divided once, then rounded.
    let grossNum: Dec;
    let grossDen: Dec;
    if (w.isZero()) {
      grossNum = qty;
      grossDen = new Dec(1);
    } else if (share) {
      if (!w.lessThan(100)) throw invalid(`${f}wastePct`, 'Доля отходов от брутто должна быть меньше 100 %.');
      grossNum = qty.times(HUNDRED);
      grossDen = HUNDRED.minus(w);
    } else {
      grossNum = qty.times(HUNDRED.plus(w));
      grossDen = HUNDRED;
    }
    const gross = grossNum.div(grossDen);

    let price: Dec;
    let amountRaw: Dec;
    let priceNote = '';
    const vatUp = HUNDRED.plus(run.purchaseVatPct);
    if (m.specId) {
      price = unitCostOf(run, m.specId, `${f}specId`);
      amountRaw = grossNum.times(price).div(grossDen);
    } else {
      price = nonNegative(optDec(m.price, `${f}price`, '0', 'Цена'), `${f}price`, 'Цена');
      if (m.priceIncludesVat && !run.vatInCost) {
        amountRaw = grossNum.times(price).times(HUNDRED).div(grossDen.times(vatUp));
        priceNote = ` / ${ru(vatFactor)} (без НДС ${pctText(run.purchaseVatPct)})`;
      } else if (!m.priceIncludesVat && run.vatInCost) {
        amountRaw = grossNum.times(price).times(vatUp).div(grossDen.times(HUNDRED));
        priceNote = ` × ${ru(vatFactor)} (НДС ${pctText(run.purchaseVatPct)} входит в стоимость)`;
      } else amountRaw = grossNum.times(price).div(grossDen);
    }
    const amount = kop(amountRaw);
    const article: ArticleNo = ARTICLE_OF[m.article ?? 'materials'] ?? '1';
    art[article as '1' | '3' | '4'] = art[article as '1' | '3' | '4'].plus(amount);

    let returnable: { amount: Dec; qty: Dec; price: Dec } | undefined;
    if (m.returnable) {
      const rp = nonNegative(parseDec(m.returnable.price, `${f}returnable.price`, 'Цена отходов'), `${f}returnable.price`, 'Цена отходов');
      const defaultQty = m.returnable.qty === undefined || m.returnable.qty === '';
      const rq = defaultQty
        ? gross.minus(qty)
        : nonNegative(parseDec(m.returnable.qty, `${f}returnable.qty`, 'Отходы'), `${f}returnable.qty`, 'Отходы');
      const exact = defaultQty ? grossNum.minus(qty.times(grossDen)).times(rp).div(grossDen) : rq.times(rp);
      returnable = { qty: rq, price: rp, amount: kop(exact) };
      art['2'] = art['2'].plus(returnable.amount);
    }

    if (withLines) {
      const wasteText = w.isZero()
        ? ''
        : share
          ? `${ru(qty)} / (1 − ${pctText(w)}) = ${ru(gross)} ${m.unit}; `
          : `${ru(qty)} × (1 + ${pctText(w)}) = ${ru(gross)} ${m.unit}; `;
      const priceText = m.specId ? `${ruMoney(price)} (себестоимость полуфабриката ${specLabel(run, m.specId)} за ед.)` : ruMoney(price);
      lines.push({
        id: m.id,
        article,
        name: m.name,
        formula: `${wasteText}${ru(gross)} × ${priceText}${priceNote} = ${ruMoney(amount)}`,
        amount: money(amount),
        unit: m.unit,
        qty: qty.toFixed(),
        gross: gross.toDecimalPlaces(4).toFixed(),
        price: price.toFixed(),
        ...(m.specId ? { specId: m.specId } : {}),
      });
      if (returnable) {
        lines.push({
          id: `${m.id}.returnable`,
          article: '2',
          name: `Возвратные отходы: ${m.name}`,
          formula: `${ru(returnable.qty)} × ${ruMoney(returnable.price)} = ${ruMoney(returnable.amount)}`,
          amount: money(returnable.amount),
          unit: m.unit,
          qty: returnable.qty.toDecimalPlaces(4).toFixed(),
          price: returnable.price.toFixed(),
        });
      }
    }
  }

  k1 += BigInt(n1);
  k2 += BigInt(n2);
  k3 += BigInt(n3);
  k4 += BigInt(n4);
  art['1'] = art['1'].plus(kopDec(k1));
  art['2'] = art['2'].plus(kopDec(k2));
  art['3'] = art['3'].plus(kopDec(k3));
  art['4'] = art['4'].plus(kopDec(k4));

  let machineHours = ZERO;
  const operations = spec.operations ?? [];
  for (let i = 0; i < operations.length; i++) {
    const o = operations[i]!;
    const f = `${prefix}operations.${i}.`;
    const hours = nonNegative(parseDec(o.hours, `${f}hours`, 'Время'), `${f}hours`, 'Время');
    const rate = nonNegative(parseDec(o.rate, `${f}rate`, 'Ставка'), `${f}rate`, 'Ставка');
    const wage = kop(hours.times(rate));
    art['5'] = art['5'].plus(wage);
    const mh = nonNegative(optDec(o.machineHours, `${f}machineHours`, '0', 'Машино-часы'), `${f}machineHours`, 'Машино-часы');
    const mr = nonNegative(optDec(o.machineRate, `${f}machineRate`, '0', 'Ставка машино-часа'), `${f}machineRate`, 'Ставка машино-часа');
    const machine = kop(mh.times(mr));
    machineHours = machineHours.plus(mh);
    art['9'] = art['9'].plus(machine);
    if (withLines) {
      lines.push({
        id: o.id,
        article: '5',
        name: o.name,
        formula: `${ru(hours)} ч × ${ruMoney(rate)} = ${ruMoney(wage)}`,
        amount: money(wage),
        qty: hours.toFixed(),
        price: rate.toFixed(),
      });
      if (!mh.isZero() || !mr.isZero()) {
        lines.push({
          id: `${o.id}.machine`,
          article: '9',
          name: `Оборудование: ${o.name}`,
          formula: `${ru(mh)} маш.-ч × ${ruMoney(mr)} = ${ruMoney(machine)}`,
          amount: money(machine),
          qty: mh.toFixed(),
          price: mr.toFixed(),
        });
      }
    }
  }

  art['6'] = pctOf(art['5'], run.additionalWagePct);
  const base7 = art['5'].plus(art['6']);
  const contributions = pctOf(base7, run.contributionsPct);
  const accident = pctOf(base7, run.accidentPct);
  art['7'] = contributions.plus(accident);
  if (withLines) {
    lines.push({
      id: '6',
      article: '6',
      name: 'Дополнительная заработная плата',
      formula: `${ruMoney(art['5'])} × ${pctText(run.additionalWagePct)} = ${ruMoney(art['6'])}`,
      amount: money(art['6']),
    });
    lines.push({
      id: '7.contributions',
      article: '7',
      name: 'Страховые взносы',
      formula: `(${ruMoney(art['5'])} + ${ruMoney(art['6'])}) × ${pctText(run.contributionsPct)} = ${ruMoney(contributions)}`,
      amount: money(contributions),
    });
    lines.push({
      id: '7.accident',
      article: '7',
      name: 'Взносы на страхование от несчастных случаев (НС и ПЗ)',
      formula: `(${ruMoney(art['5'])} + ${ruMoney(art['6'])}) × ${pctText(run.accidentPct)} = ${ruMoney(accident)}`,
      amount: money(accident),
    });
  }
  const direct = art['1'].minus(art['2']).plus(art['3']).plus(art['4']).plus(art['5']).plus(art['6']).plus(art['7']);
  return { art, machineHours, direct, lines };
}

interface PoolValue {
  amount: Dec;
  formula: string;
}

function poolOf(pool: OverheadPool | undefined, field: string, bases: { wages: Dec; direct: Dec; machineHours: Dec }): PoolValue {
  if (!pool) return { amount: ZERO, formula: 'не начисляются = 0,00' };
  if (pool.base === 'machineHours') {
    const rate = nonNegative(parseDec(pool.rate ?? pool.pct ?? '', `${field}.rate`, 'Ставка машино-часа'), `${field}.rate`, 'Ставка машино-часа');
    const amount = kop(bases.machineHours.times(rate));
    return { amount, formula: `${ru(bases.machineHours)} маш.-ч × ${ruMoney(rate)} = ${ruMoney(amount)}` };
  }
  const pct = nonNegative(optDec(pool.pct, `${field}.pct`, '0', 'Процент'), `${field}.pct`, 'Процент');
  if (pool.base === 'wages') {
    const amount = pctOf(bases.wages, pct);
    return { amount, formula: `основная ЗП ${ruMoney(bases.wages)} × ${pctText(pct)} = ${ruMoney(amount)}` };
  }
  if (pool.base === 'direct') {
    const amount = pctOf(bases.direct, pct);
    return { amount, formula: `прямые затраты ${ruMoney(bases.direct)} × ${pctText(pct)} = ${ruMoney(amount)}` };
  }
  throw invalid(`${field}.base`, 'База распределения: основная ЗП, прямые затраты или машино-часы.');
}

type Articles = Record<ArticleNo, Dec>;

function totalsOf(a: Articles, directCosting: boolean) {
  const materialCost = a['1'].minus(a['2']).plus(a['3']).plus(a['4']);
  const directCost = materialCost.plus(a['5']).plus(a['6']).plus(a['7']);
  const workshopCost = directCost.plus(a['8']).plus(a['9']).plus(a['10']);
  const productionCost = workshopCost.plus(directCosting ? ZERO : a['11']).plus(a['12']).plus(a['13']);
  const fullCost = productionCost.plus(a['14']).plus(directCosting ? a['11'] : ZERO);
  return { materialCost, directCost, workshopCost, productionCost, fullCost };
}

function figuresOf(a: Articles, directCosting: boolean, priceNoVat: Dec, vatRate: Dec | null): CostFigures {
  const t = totalsOf(a, directCosting);
  const vat = vatRate ? vatOf(priceNoVat, vatRate) : ZERO;
  const articles = {} as Record<ArticleNo, string>;
  for (const no of ARTICLE_NOS) articles[no] = money(a[no]);
  const markup = markupOf(t.fullCost, priceNoVat);
  const margin = marginOf(t.fullCost, priceNoVat);
  return {
    articles,
    materialCost: money(t.materialCost),
    directCost: money(t.directCost),
    workshopCost: money(t.workshopCost),
    productionCost: money(t.productionCost),
    fullCost: money(t.fullCost),
    priceNoVat: money(priceNoVat),
    profit: money(priceNoVat.minus(t.fullCost)),
    markupPct: markup ? markup.toFixed(2) : null,
    marginPct: margin ? margin.toFixed(2) : null,
    vat: money(vat),
    priceWithVat: money(priceNoVat.plus(vat)),
  };
}

function scale(a: Articles, by: Dec, divide: boolean): Articles {
  const out = {} as Articles;
  for (const no of ARTICLE_NOS) out[no] = kop(divide ? a[no].div(by) : a[no].times(by));
  return out;
}

export interface CalculateOptions {
  /** Rates from the dated tables for the calculation date. */
  rates: CostRates;
  /** Nested specifications by id. */
  resolve?: SpecResolver;
  /** The id of `spec` itself when it is stored (so a loop back to it is caught). */
  rootId?: string;
}

function regimeOf(value: unknown): TaxRegime {
  if (value === undefined) return 'osno';
  if (TAX_REGIMES.includes(value as TaxRegime)) return value as TaxRegime;
  throw invalid('params.taxRegime', 'Выберите систему налогообложения.');
}

/** The output VAT rate: given wins ("none" = без НДС); otherwise the regime's rate. */
export function vatRateFor(regime: TaxRegime, given: string | undefined, rates: CostRates): Dec | null {
  if (given !== undefined && given !== '') {
    if (given === 'none') return null;
    const r = parseDec(given, 'params.vatRatePct', 'Ставка НДС');
    if (r.isNegative() || r.greaterThan(100)) throw invalid('params.vatRatePct', 'Ставка НДС — от 0 до 100 %.');
    return r;
  }
  if (regime === 'osno') return new Dec(rates.vatGeneralPct);
  if (regime === 'usn-vat5') return new Dec(rates.vatUsn5Pct);
  if (regime === 'usn-vat7') return new Dec(rates.vatUsn7Pct);
  return null;
}

/** What an empty parameter means (the form shows these as placeholders). */
export const PARAM_DEFAULTS = { contributionsPct: '30', accidentPct: '0.2' } as const;

/**
 * Плановая калькуляция of one specification: статьи 1–14, цеховая / производственная / полная себестоимость,
 * price, profit and VAT, per output, per unit and per batch. Every amount is rounded to kopecks (half-up)
 * where it is computed; totals are sums of rounded amounts.
 */

export function calculateCost(spec: SpecDocument, params: CostParams, opts: CalculateOptions): CostResult {
  const p = params ?? {};
  const regime = regimeOf(p.taxRegime);
  const purchaseVatPct = nonNegative(
    optDec(p.purchaseVatPct, 'params.purchaseVatPct', opts.rates.vatGeneralPct, 'НДС поставщиков'),
    'params.purchaseVatPct',
    'НДС поставщиков',
  );
  const pctParam = (v: string | undefined, field: string, def: string, label: string) =>
    nonNegative(optDec(v, `params.${field}`, def, label), `params.${field}`, label);
  const run: Run = {
    resolve: opts.resolve ?? (() => undefined),
    additionalWagePct: pctParam(p.additionalWagePct, 'additionalWagePct', '0', 'Дополнительная ЗП'),
    contributionsPct: pctParam(p.contributionsPct, 'contributionsPct', PARAM_DEFAULTS.contributionsPct, 'Страховые взносы'),
    accidentPct: pctParam(p.accidentPct, 'accidentPct', PARAM_DEFAULTS.accidentPct, 'НС и ПЗ'),
    purchaseVatPct,
    vatInCost: VAT_IN_COST.has(regime),
    memo: new Map(),
    memoKop: new Map(),
    purchaseVatFixed: parseFixed(purchaseVatPct.toFixed()) ?? { m: 0n, s: 0 },
    names: new Map(),
    stack: [],
    nested: new Map(),
  };
  if (opts.rootId) {
    run.stack.push(opts.rootId);
    run.names.set(opts.rootId, spec.name);
  }
  const outputQty = outputQtyOf(spec, '');
  const batchQty = positive(optDec(p.batchQty, 'params.batchQty', '1', 'Партия'), 'params.batchQty', 'Партия');
  const directCosting = p.directCosting === true;

  const part = directOf(run, spec, '', true);
  const lines = part.lines;
  const a: Articles = {
    '1': part.art['1'],
    '2': part.art['2'],
    '3': part.art['3'],
    '4': part.art['4'],
    '5': part.art['5'],
    '6': part.art['6'],
    '7': part.art['7'],
    '8': ZERO,
    '9': part.art['9'],
    '10': ZERO,
    '11': ZERO,
    '12': ZERO,
    '13': ZERO,
    '14': ZERO,
  };
  const preparationPct = pctParam(p.preparationPct, 'preparationPct', '0', 'Подготовка производства');
  a['8'] = pctOf(a['5'], preparationPct);
  lines.push({
    id: '8',
    article: '8',
    name: 'Подготовка и освоение производства',
    formula: `основная ЗП ${ruMoney(a['5'])} × ${pctText(preparationPct)} = ${ruMoney(a['8'])}`,
    amount: money(a['8']),
  });
  const bases = { wages: a['5'], direct: part.direct, machineHours: part.machineHours };
  const shop = poolOf(p.shop, 'params.shop', bases);
  const general = poolOf(p.general, 'params.general', bases);
  a['10'] = shop.amount;
  a['11'] = general.amount;
  lines.push({ id: '10', article: '10', name: 'Общепроизводственные расходы (ОПР)', formula: shop.formula, amount: money(a['10']) });
  lines.push({
    id: '11',
    article: '11',
    name: directCosting ? 'Общехозяйственные расходы (ОХР, директ-костинг: вне производственной)' : 'Общехозяйственные расходы (ОХР)',
    formula: general.formula,
    amount: money(a['11']),
  });
  const workshop = totalsOf(a, directCosting).workshopCost;
  const defectsPct = pctParam(p.defectsPct, 'defectsPct', '0', 'Брак');
  const otherPct = pctParam(p.otherPct, 'otherPct', '0', 'Прочие');
  a['12'] = pctOf(workshop, defectsPct);
  a['13'] = pctOf(workshop, otherPct);
  lines.push({ id: '12', article: '12', name: 'Потери от брака', formula: `цеховая ${ruMoney(workshop)} × ${pctText(defectsPct)} = ${ruMoney(a['12'])}`, amount: money(a['12']) });
  lines.push({ id: '13', article: '13', name: 'Прочие производственные расходы', formula: `цеховая ${ruMoney(workshop)} × ${pctText(otherPct)} = ${ruMoney(a['13'])}`, amount: money(a['13']) });
  const production = totalsOf(a, directCosting).productionCost;
  const sellingPct = pctParam(p.sellingPct, 'sellingPct', '0', 'Коммерческие');
  a['14'] = pctOf(production, sellingPct);
  lines.push({ id: '14', article: '14', name: 'Коммерческие расходы', formula: `производственная ${ruMoney(production)} × ${pctText(sellingPct)} = ${ruMoney(a['14'])}`, amount: money(a['14']) });

  const perUnitArticles = outputQty.equals(1) ? a : scale(a, outputQty, true);
  const unitFull = totalsOf(perUnitArticles, directCosting).fullCost;

  // Price per unit.
  const given = [p.markupPct, p.marginPct, p.price].filter((v) => v !== undefined && v !== '').length;
  if (given > 1) throw invalid('params.price', 'Укажите что-то одно: наценку, маржу или цену.');
  let priceBy: CostResult['priceBy'] = 'cost';
  let unitPrice = unitFull;
  let priceFormula = `полная себестоимость ${ruMoney(unitFull)}`;
  if (p.markupPct !== undefined && p.markupPct !== '') {
    const n = parseDec(p.markupPct, 'params.markupPct', 'Наценка');
    if (n.lessThanOrEqualTo(-100)) throw invalid('params.markupPct', 'Наценка должна быть больше −100 %.');
    unitPrice = priceByMarkup(unitFull, n);
    priceBy = 'markup';
    priceFormula = `${ruMoney(unitFull)} × (1 + ${pctText(n)}) = ${ruMoney(unitPrice)}`;
  } else if (p.marginPct !== undefined && p.marginPct !== '') {
    const m = parseDec(p.marginPct, 'params.marginPct', 'Маржа');
    if (!m.lessThan(100)) throw invalid('params.marginPct', 'Маржа должна быть меньше 100 %.');
    unitPrice = priceByMargin(unitFull, m);
    priceBy = 'margin';
    priceFormula = `${ruMoney(unitFull)} / (1 − ${pctText(m)}) = ${ruMoney(unitPrice)}`;
  } else if (p.price !== undefined && p.price !== '') {
    unitPrice = kop(nonNegative(parseDec(p.price, 'params.price', 'Цена'), 'params.price', 'Цена'));
    priceBy = 'price';
    priceFormula = `задана: ${ruMoney(unitPrice)}`;
  }
  const vatRate = vatRateFor(regime, p.vatRatePct, opts.rates);

  const perUnit = figuresOf(perUnitArticles, directCosting, unitPrice, vatRate);
  const batchArticles = batchQty.equals(1) ? perUnitArticles : scale(perUnitArticles, batchQty, false);
  const perBatch = figuresOf(batchArticles, directCosting, kop(unitPrice.times(batchQty)), vatRate);
  const perOutput = figuresOf(a, directCosting, kop(unitPrice.times(outputQty)), vatRate);

  const explain = explainOf(lines, perUnit, outputQty, directCosting, priceFormula, vatRate);

  return {
    name: spec.name,
    unit: spec.unit,
    outputQty: outputQty.toFixed(),
    batchQty: batchQty.toFixed(),
    taxRegime: regime,
    vatRatePct: vatRate ? vatRate.toFixed() : null,
    purchaseVatPct: purchaseVatPct.toFixed(),
    purchaseVatInCost: run.vatInCost,
    directCosting,
    priceBy,
    perOutput,
    perUnit,
    perBatch,
    lines,
    explain,
    nested: [...run.nested].map(([specId, n]) => ({
      specId,
      name: n.name,
      unitCost: money(n.unitCost),
      outputQty: n.outputQty.toFixed(),
    })),
  };
}

function explainOf(
  lines: CostLine[],
  u: CostFigures,
  outputQty: Dec,
  directCosting: boolean,
  priceFormula: string,
  vatRate: Dec | null,
): Record<string, CostExplain> {
  const out: Record<string, CostExplain> = {};
  const perUnit = outputQty.equals(1) ? '' : ` / выпуск ${ru(outputQty)}`;
  const byArticle = new Map<ArticleNo, CostLine[]>();
  for (const l of lines) {
    const list = byArticle.get(l.article);
    if (list) list.push(l);
    else byArticle.set(l.article, [l]);
  }
  for (const no of ARTICLE_NOS) {
    const own = byArticle.get(no) ?? [];
    const total = ruMoney(new Dec(u.articles[no]));
    const sumText =
      own.length === 0 ? '0,00' : own.length <= 12 ? `(${own.map((l) => ruMoneyStr(l.amount)).join(' + ')})` : `Σ ${own.length} строк`;
    out[no] = { formula: `${sumText}${perUnit} = ${total}`, lines: own.map((l) => l.id) };
  }
  const art = (no: ArticleNo) => ruMoney(new Dec(u.articles[no]));
  const ids = (...nos: ArticleNo[]) => nos.flatMap((no) => out[no]!.lines);
  out.materialCost = { formula: `1 − 2 + 3 + 4 = ${art('1')} − ${art('2')} + ${art('3')} + ${art('4')} = ${ruMoney(new Dec(u.materialCost))}`, lines: ids('1', '2', '3', '4') };
  out.directCost = {
    formula: `1 − 2 + 3 + 4 + 5 + 6 + 7 = ${ruMoney(new Dec(u.materialCost))} + ${art('5')} + ${art('6')} + ${art('7')} = ${ruMoney(new Dec(u.directCost))}`,
    lines: ids('1', '2', '3', '4', '5', '6', '7'),
  };
  out.workshopCost = {
    formula: `1 − 2 + 3 + … + 10 = ${ruMoney(new Dec(u.directCost))} + ${art('8')} + ${art('9')} + ${art('10')} = ${ruMoney(new Dec(u.workshopCost))}`,
    lines: ids('1', '2', '3', '4', '5', '6', '7', '8', '9', '10'),
  };
  out.productionCost = {
    formula: directCosting
      ? `цеховая + 12 + 13 (ОХР вне производственной) = ${ruMoney(new Dec(u.workshopCost))} + ${art('12')} + ${art('13')} = ${ruMoney(new Dec(u.productionCost))}`
      : `цеховая + 11 + 12 + 13 = ${ruMoney(new Dec(u.workshopCost))} + ${art('11')} + ${art('12')} + ${art('13')} = ${ruMoney(new Dec(u.productionCost))}`,
    lines: ids(...(directCosting ? (['12', '13'] as ArticleNo[]) : (['11', '12', '13'] as ArticleNo[]))),
  };
  out.fullCost = {
    formula: directCosting
      ? `производственная + 11 + 14 = ${ruMoney(new Dec(u.productionCost))} + ${art('11')} + ${art('14')} = ${ruMoney(new Dec(u.fullCost))}`
      : `производственная + 14 = ${ruMoney(new Dec(u.productionCost))} + ${art('14')} = ${ruMoney(new Dec(u.fullCost))}`,
    lines: ids(...(directCosting ? (['11', '14'] as ArticleNo[]) : (['14'] as ArticleNo[]))),
  };
  out.priceNoVat = { formula: priceFormula, lines: [] };
  out.profit = { formula: `${ruMoney(new Dec(u.priceNoVat))} − ${ruMoney(new Dec(u.fullCost))} = ${ruMoney(new Dec(u.profit))}`, lines: [] };
  out.markupPct = { formula: u.markupPct === null ? 'себестоимость равна нулю' : `прибыль / полная себестоимость × 100 = ${ru(new Dec(u.markupPct), 2)} %`, lines: [] };
  out.marginPct = { formula: u.marginPct === null ? 'цена равна нулю' : `прибыль / цена без НДС × 100 = ${ru(new Dec(u.marginPct), 2)} %`, lines: [] };
  out.vat = {
    formula: vatRate ? `${ruMoney(new Dec(u.priceNoVat))} × ${pctText(vatRate)} = ${ruMoney(new Dec(u.vat))}` : 'без НДС',
    lines: [],
  };
  out.priceWithVat = { formula: `${ruMoney(new Dec(u.priceNoVat))} + ${ruMoney(new Dec(u.vat))} = ${ruMoney(new Dec(u.priceWithVat))}`, lines: [] };
  return out;
}
