import { grossTexts, returnableQtyText } from './fast';
import type { Ratio } from './fixed';
import { ARTICLE_OF, nonNegative, type Run } from './run';
import { at4, costPriceText, finiteOf, pctText, plain, decimalAsFraction, ruExact, ruPrice } from './text';
import { Dec, HUNDRED, ZERO, kop, money, ruMoney } from '@/lib/domain/cost/num';
import { invalid, optDec, parseDec } from '@/lib/domain/cost/parse';
import type { CostLine, MaterialLine } from '@/lib/domain/cost/types';

const ONE = new Dec(1);

/** A material line's брутто as an exact fraction grossNum / grossDen of decimals (decimal.js path). */
export interface Gross {
  qty: Dec;
  num: Dec;
  den: Dec;
  ratio: Ratio;
  texts: { waste: string; expr: string };
}

export function grossOf(m: MaterialLine, f: string): Gross {
  const qty = nonNegative(parseDec(m.qty, `${f}qty`, 'Количество'), `${f}qty`, 'Количество');
  const w = nonNegative(optDec(m.wastePct, `${f}wastePct`, '0', 'Отходы'), `${f}wastePct`, 'Отходы');
  const share = m.wasteMode === 'share';
  let num = qty;
  let den = ONE;
  if (!w.isZero() && share) {
    if (!w.lessThan(100)) throw invalid(`${f}wastePct`, 'Доля отходов от брутто должна быть меньше 100 %.');
    num = qty.times(HUNDRED);
    den = HUNDRED.minus(w);
  } else if (!w.isZero()) {
    num = qty.times(HUNDRED.plus(w));
    den = HUNDRED;
  }
  const n = decimalAsFraction(num);
  const d = decimalAsFraction(den);
  const ratio = { n: n.n * d.d, d: n.d * d.n };
  return { qty, num, den, ratio, texts: grossTexts(ruExact(qty), w.isZero() ? null : ruExact(w), share, ratio, m.unit) };
}

/** Возвратные отходы of a line (статья 2): qty defaults to брутто − нетто. */
export function returnableWaste(m: MaterialLine, f: string, g: Gross, withLines: boolean): { amount: Dec; line?: CostLine } | null {
  if (!m.returnable) return null;
  const rp = nonNegative(parseDec(m.returnable.price, `${f}returnable.price`, 'Цена отходов'), `${f}returnable.price`, 'Цена отходов');
  const byDefault = m.returnable.qty === undefined || m.returnable.qty === '';
  const rq = byDefault
    ? g.num.div(g.den).minus(g.qty)
    : nonNegative(parseDec(m.returnable.qty, `${f}returnable.qty`, 'Отходы'), `${f}returnable.qty`, 'Отходы');
  const amount = kop(byDefault ? g.num.minus(g.qty.times(g.den)).times(rp).div(g.den) : rq.times(rp));
  if (!withLines) return { amount };
  const rqRatio: Ratio = byDefault ? { n: g.ratio.n * decimalAsFraction(g.qty).d - decimalAsFraction(g.qty).n * g.ratio.d, d: g.ratio.d * decimalAsFraction(g.qty).d } : decimalAsFraction(rq);
  return {
    amount,
    line: {
      id: `${m.id}.returnable`,
      article: '2',
      name: `Возвратные отходы: ${m.name}`,
      formula: `${returnableQtyText(finiteOf(rqRatio), byDefault, g.texts.expr, ruExact(g.qty))} × ${ruPrice(rp)} = ${ruMoney(amount)}`,
      amount: money(amount),
      unit: m.unit,
      qty: plain(at4(rqRatio)),
      price: rp.toFixed(),
    },
  };
}

/** A bought line's amount (and its возвратные отходы), exact. */
export interface ExactLine {
  article: '1' | '3' | '4';
  amount: Dec;
  returnable: Dec;
  lines: CostLine[];
}

/**
 * A bought line (without `specId`) on the exact path: decimal.js, any input form the wire accepts, errors
 * with the field path. The reference the fast path (`fast.ts`) must equal.
 */
/** The supplier's VAT rate of a line's price: its own, else the калькуляция's; null — not subject to VAT. */
function lineVatPct(run: Run, m: MaterialLine, f: string): Dec | null {
  if (m.priceVatPct === 'none') return null;
  if (m.priceVatPct === undefined || m.priceVatPct === '') return run.purchaseVatPct;
  const pct = nonNegative(parseDec(m.priceVatPct, `${f}priceVatPct`, 'Ставка НДС цены'), `${f}priceVatPct`, 'Ставка НДС цены');
  if (pct.greaterThan(HUNDRED)) throw invalid(`${f}priceVatPct`, 'Ставка НДС цены: не больше 100 %.');
  return pct;
}

export function exactLine(run: Run, m: MaterialLine, f: string, withLines: boolean): ExactLine {
  const g = grossOf(m, f);
  const price = nonNegative(optDec(m.price, `${f}price`, '0', 'Цена'), `${f}price`, 'Цена');
  const vatPct = lineVatPct(run, m, f);
  const vatUp = HUNDRED.plus(vatPct ?? 0);
  let amountRaw = g.num.times(price).div(g.den);
  let priceNote = '';
  let costPrice: string | undefined;
  const up = decimalAsFraction(vatUp);
  if (vatPct === null || vatPct.isZero()) {
    // Not subject to VAT, or at 0 %: the price is the cost either way.
  } else if (m.priceIncludesVat && !run.vatInCost) {
    amountRaw = g.num.times(price).times(HUNDRED).div(g.den.times(vatUp));
    priceNote = ` / ${ruExact(vatUp.div(HUNDRED))} (без НДС ${pctText(vatPct)})`;
    if (withLines) costPrice = costPriceText(decimalAsFraction(price), { n: 100n * up.d, d: up.n });
  } else if (!m.priceIncludesVat && run.vatInCost) {
    amountRaw = g.num.times(price).times(vatUp).div(g.den.times(HUNDRED));
    priceNote = ` × ${ruExact(vatUp.div(HUNDRED))} (НДС ${pctText(vatPct)} входит в стоимость)`;
    if (withLines) costPrice = costPriceText(decimalAsFraction(price), { n: up.n, d: 100n * up.d });
  }
  const amount = kop(amountRaw);
  const article: '1' | '3' | '4' = ARTICLE_OF[m.article ?? 'materials'] ?? '1';
  const ret = returnableWaste(m, f, g, withLines);
  const lines: CostLine[] = [];
  if (withLines) {
    lines.push({
      id: m.id,
      article,
      name: m.name,
      formula: `${g.texts.waste}${g.texts.expr} × ${ruPrice(price)}${priceNote} = ${ruMoney(amount)}`,
      amount: money(amount),
      unit: m.unit,
      qty: g.qty.toFixed(),
      gross: plain(at4(g.ratio)),
      price: price.toFixed(),
      ...(costPrice === undefined ? {} : { costPrice }),
    });
    if (ret?.line) lines.push(ret.line);
  }
  return { article, amount, returnable: ret?.amount ?? ZERO, lines };
}

