import { fastLine, grossTexts, quickLine, returnableQtyText, SAFE_SUM } from './fast';
import { kopString, type Ratio } from './fixed';
import { Dec, HUNDRED, ZERO, kop, money, pctOf, ruMoney } from './num';
import { invalid, optDec, parseDec } from './parse';
import { ARTICLE_OF, nonNegative, type DirectArticles, type DirectPart, type NestedCalc, type Run } from './run';
import { addRatio, at4, finiteOf, pctText, plain, ratioOfDec, ruExact, ruPrice } from './text';
import type { ArticleNo, CostLine, MaterialLine, Operation, SpecDocument } from './types';

const kopDec = (k: bigint): Dec => (k === 0n ? ZERO : new Dec(kopString(k)));
const ONE = new Dec(1);
const SIXTY = new Dec(60);

/** A material line's брутто as an exact fraction grossNum / grossDen of decimals (decimal.js path). */
interface Gross {
  qty: Dec;
  num: Dec;
  den: Dec;
  ratio: Ratio;
  texts: { waste: string; expr: string };
}

function grossOf(m: MaterialLine, f: string): Gross {
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
  const n = ratioOfDec(num);
  const d = ratioOfDec(den);
  const ratio = { n: n.n * d.d, d: n.d * d.n };
  return { qty, num, den, ratio, texts: grossTexts(ruExact(qty), w.isZero() ? null : ruExact(w), share, ratio, m.unit) };
}

/** Возвратные отходы of a line (статья 2): qty defaults to брутто − нетто. */
function returnableOf(m: MaterialLine, f: string, g: Gross, withLines: boolean): { amount: Dec; line?: CostLine } | null {
  if (!m.returnable) return null;
  const rp = nonNegative(parseDec(m.returnable.price, `${f}returnable.price`, 'Цена отходов'), `${f}returnable.price`, 'Цена отходов');
  const byDefault = m.returnable.qty === undefined || m.returnable.qty === '';
  const rq = byDefault
    ? g.num.div(g.den).minus(g.qty)
    : nonNegative(parseDec(m.returnable.qty, `${f}returnable.qty`, 'Отходы'), `${f}returnable.qty`, 'Отходы');
  const amount = kop(byDefault ? g.num.minus(g.qty.times(g.den)).times(rp).div(g.den) : rq.times(rp));
  if (!withLines) return { amount };
  const rqRatio: Ratio = byDefault ? { n: g.ratio.n * ratioOfDec(g.qty).d - ratioOfDec(g.qty).n * g.ratio.d, d: g.ratio.d * ratioOfDec(g.qty).d } : ratioOfDec(rq);
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

/** A bought line on the decimal.js path (any input form the wire accepts; errors with the field path). */
function decimalLine(run: Run, m: MaterialLine, f: string, withLines: boolean) {
  const g = grossOf(m, f);
  const price = nonNegative(optDec(m.price, `${f}price`, '0', 'Цена'), `${f}price`, 'Цена');
  const vatUp = HUNDRED.plus(run.purchaseVatPct);
  let amountRaw = g.num.times(price).div(g.den);
  let priceNote = '';
  if (m.priceIncludesVat && !run.vatInCost) {
    amountRaw = g.num.times(price).times(HUNDRED).div(g.den.times(vatUp));
    priceNote = ` / ${ruExact(vatUp.div(HUNDRED))} (без НДС ${pctText(run.purchaseVatPct)})`;
  } else if (!m.priceIncludesVat && run.vatInCost) {
    amountRaw = g.num.times(price).times(vatUp).div(g.den.times(HUNDRED));
    priceNote = ` × ${ruExact(vatUp.div(HUNDRED))} (НДС ${pctText(run.purchaseVatPct)} входит в стоимость)`;
  }
  const amount = kop(amountRaw);
  const article: '1' | '3' | '4' = ARTICLE_OF[m.article ?? 'materials'] ?? '1';
  const ret = returnableOf(m, f, g, withLines);
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
    });
    if (ret?.line) lines.push(ret.line);
  }
  return { article, amount, returnable: ret?.amount ?? ZERO, lines };
}

/** The статьи a nested specification passes to its parent under the бесполуфабрикатный метод. */
const FLOW_ARTICLES = ['1', '2', '3', '4', '5', '9'] as const;

const FLOW_TITLES: Record<(typeof FLOW_ARTICLES)[number], string> = {
  '1': 'сырьё и материалы',
  '2': 'возвратные отходы',
  '3': 'покупные изделия и услуги',
  '4': 'топливо и энергия',
  '5': 'основная заработная плата',
  '9': 'содержание и эксплуатация оборудования',
};

/**
 * A line with a semi-finished good of own manufacture (`specId`). `semi`: one line in статья 3 at the nested
 * specification's производственная себестоимость per unit × брутто. `flow`: for each of its статьи 1, 2, 3, 4,
 * 5, 9 one line of the same статья = its amount for its outputQty × брутто / outputQty, rounded to kopecks
 * once; its machine hours join the parent's base exactly. Its 6 and 7 are not passed: the parent charges them
 * on its whole статья 5.
 */
function nestedLine(run: Run, m: MaterialLine, f: string, withLines: boolean, art: DirectArticles, lines: CostLine[]): Ratio {
  const g = grossOf(m, f);
  const child: NestedCalc = run.nestedOf(m.specId!, `${f}specId`);
  const ret = returnableOf(m, f, g, withLines);
  const common = { unit: m.unit, qty: g.qty.toFixed(), gross: plain(at4(g.ratio)), specId: child.specId };
  let hours: Ratio = { n: 0n, d: 1n };
  if (run.method === 'semi') {
    const amount = kop(g.num.times(child.unitProduction).div(g.den));
    art['3'] = art['3'].plus(amount);
    if (withLines) {
      lines.push({
        id: m.id,
        article: '3',
        name: `Полуфабрикат собственного производства: ${m.name}`,
        formula: `${g.texts.waste}${g.texts.expr} × ${ruMoney(child.unitProduction)} = ${ruMoney(amount)} (производственная себестоимость единицы «${child.name}»)`,
        amount: money(amount),
        price: money(child.unitProduction),
        ...common,
      });
    }
  } else {
    const q = child.outputQty;
    const per = q.equals(1) ? '' : ` / ${ruExact(q)}`;
    const passed = FLOW_ARTICLES.filter((no) => !child.part.art[no].isZero());
    for (const no of passed.length > 0 ? passed : (['1'] as const)) {
      const v = child.part.art[no];
      const amount = kop(v.times(g.num).div(g.den.times(q)));
      art[no] = art[no].plus(amount);
      if (withLines) {
        lines.push({
          id: `${m.id}.${no}`,
          article: no as ArticleNo,
          name: `${m.name}: ${FLOW_TITLES[no]}`,
          formula: `${g.texts.waste}${ruMoney(v)} × ${g.texts.expr}${per} = ${ruMoney(amount)} (статья ${no} «${child.name}» на выпуск ${ruExact(q)} ${child.unit})`,
          amount: money(amount),
          sourceId: m.id,
          ...common,
        });
      }
    }
    const mh = child.part.machineHours;
    const qr = ratioOfDec(q);
    hours = { n: mh.n * g.ratio.n * qr.d, d: mh.d * g.ratio.d * qr.n };
  }
  if (ret) {
    art['2'] = art['2'].plus(ret.amount);
    if (ret.line) lines.push(ret.line);
  }
  return hours;
}

/** Статьи 5 and 9 of one operation; time in minutes is used as given (÷ 60 exactly). */
function operationOf(o: Operation, f: string, withLines: boolean) {
  const rate = nonNegative(parseDec(o.rate, `${f}rate`, 'Ставка'), `${f}rate`, 'Ставка');
  const minutes = o.minutes !== undefined && o.minutes !== '' ? nonNegative(parseDec(o.minutes, `${f}minutes`, 'Время'), `${f}minutes`, 'Время') : null;
  const hours = minutes ? minutes.div(SIXTY) : nonNegative(parseDec(o.hours, `${f}hours`, 'Время'), `${f}hours`, 'Время');
  const wage = kop(minutes ? minutes.times(rate).div(SIXTY) : hours.times(rate));
  const mr = nonNegative(optDec(o.machineRate, `${f}machineRate`, '0', 'Ставка машино-часа'), `${f}machineRate`, 'Ставка машино-часа');
  const mMin =
    o.machineMinutes !== undefined && o.machineMinutes !== ''
      ? nonNegative(parseDec(o.machineMinutes, `${f}machineMinutes`, 'Машинное время'), `${f}machineMinutes`, 'Машинное время')
      : null;
  const mh = mMin ? null : nonNegative(optDec(o.machineHours, `${f}machineHours`, '0', 'Машино-часы'), `${f}machineHours`, 'Машино-часы');
  const mhRatio: Ratio = mMin ? { n: ratioOfDec(mMin).n, d: ratioOfDec(mMin).d * 60n } : ratioOfDec(mh!);
  const machine = kop(mMin ? mMin.times(mr).div(SIXTY) : mh!.times(mr));
  const lines: CostLine[] = [];
  if (withLines) {
    lines.push({
      id: o.id,
      article: '5',
      name: o.name,
      formula: minutes
        ? `${ruExact(minutes)} мин × ${ruPrice(rate)} ₽/ч ÷ 60 = ${ruMoney(wage)}`
        : `${ruExact(hours)} ч × ${ruPrice(rate)} ₽/ч = ${ruMoney(wage)}`,
      amount: money(wage),
      qty: hours.toDecimalPlaces(6).toFixed(),
      price: rate.toFixed(),
    });
    if (mhRatio.n !== 0n || !mr.isZero()) {
      lines.push({
        id: `${o.id}.machine`,
        article: '9',
        name: `Оборудование: ${o.name}`,
        formula: mMin
          ? `${ruExact(mMin)} мин × ${ruPrice(mr)} ₽/маш.-ч ÷ 60 = ${ruMoney(machine)}`
          : `${ruExact(mh!)} маш.-ч × ${ruPrice(mr)} ₽/маш.-ч = ${ruMoney(machine)}`,
        amount: money(machine),
        qty: mMin ? mMin.div(SIXTY).toDecimalPlaces(6).toFixed() : mh!.toFixed(),
        price: mr.toFixed(),
      });
    }
  }
  return { wage, machine, machineHours: mhRatio, lines };
}

/** Статьи 1–7 and 9 of one specification for its outputQty; `withLines` also writes the formulas. */
export function directOf(run: Run, spec: SpecDocument, prefix: string, withLines: boolean): DirectPart {
  const art: DirectArticles = { '1': ZERO, '2': ZERO, '3': ZERO, '4': ZERO, '5': ZERO, '6': ZERO, '7': ZERO, '9': ZERO };
  const lines: CostLine[] = [];
  let machineHours: Ratio = { n: 0n, d: 1n };
  const materials = spec.materials ?? [];
  const k = { '1': 0n, '2': 0n, '3': 0n, '4': 0n };
  // Number accumulators of the quick path (exact integers of kopecks while below 2^52).
  const n = { '1': 0, '2': 0, '3': 0, '4': 0 };
  for (let i = 0; i < materials.length; i++) {
    const m = materials[i]!;
    const f = `${prefix}materials.${i}.`;
    if (m.specId) {
      machineHours = addRatio(machineHours, nestedLine(run, m, f, withLines, art, lines));
      continue;
    }
    if (!withLines) {
      const quick = quickLine(run, m);
      if (quick) {
        n[quick.article] += quick.kop;
        n['2'] += quick.returnableKop;
        if (n['1'] > SAFE_SUM || n['2'] > SAFE_SUM || n['3'] > SAFE_SUM || n['4'] > SAFE_SUM) {
          for (const no of ['1', '2', '3', '4'] as const) {
            k[no] += BigInt(n[no]);
            n[no] = 0;
          }
        }
        continue;
      }
    }
    const fast = fastLine(run, m, withLines);
    if (fast) {
      k[fast.article] += fast.kop;
      k['2'] += fast.returnableKop;
      if (fast.lines) lines.push(...fast.lines);
      continue;
    }
    const d = decimalLine(run, m, f, withLines);
    art[d.article] = art[d.article].plus(d.amount);
    art['2'] = art['2'].plus(d.returnable);
    lines.push(...d.lines);
  }
  for (const no of ['1', '2', '3', '4'] as const) art[no] = art[no].plus(kopDec(k[no] + BigInt(n[no])));

  const operations = spec.operations ?? [];
  for (let i = 0; i < operations.length; i++) {
    const o = operationOf(operations[i]!, `${prefix}operations.${i}.`, withLines);
    art['5'] = art['5'].plus(o.wage);
    art['9'] = art['9'].plus(o.machine);
    machineHours = addRatio(machineHours, o.machineHours);
    lines.push(...o.lines);
  }

  art['6'] = pctOf(art['5'], run.additionalWagePct);
  const base7 = art['5'].plus(art['6']);
  const contributions = pctOf(base7, run.contributionsPct);
  const accident = pctOf(base7, run.accidentPct);
  art['7'] = contributions.plus(accident);
  if (withLines) {
    const on7 = `(${ruMoney(art['5'])} + ${ruMoney(art['6'])})`;
    lines.push(
      { id: '6', article: '6', name: 'Дополнительная заработная плата', formula: `${ruMoney(art['5'])} × ${pctText(run.additionalWagePct)} = ${ruMoney(art['6'])}`, amount: money(art['6']) },
      { id: '7.contributions', article: '7', name: 'Страховые взносы', formula: `${on7} × ${pctText(run.contributionsPct)} = ${ruMoney(contributions)}`, amount: money(contributions) },
      {
        id: '7.accident',
        article: '7',
        name: 'Взносы на страхование от несчастных случаев (НС и ПЗ)',
        formula: `${on7} × ${pctText(run.accidentPct)} = ${ruMoney(accident)}`,
        amount: money(accident),
      },
    );
  }
  const direct = art['1'].minus(art['2']).plus(art['3']).plus(art['4']).plus(art['5']).plus(art['6']).plus(art['7']);
  return { art, machineHours, direct, lines };
}
