import type { Ratio } from './fixed';
import { grossOf, returnableWaste } from './materials';
import type { DirectArticles, NestedCalc, Run } from './run';
import { at4, plain, decimalAsFraction, ruExact } from './text';
import { kop, money, ruMoney } from '@/lib/domain/cost/num';
import type { ArticleNo, CostLine, MaterialLine } from '@/lib/domain/cost/types';

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
export function nestedLine(run: Run, m: MaterialLine, f: string, withLines: boolean, art: DirectArticles, lines: CostLine[]): Ratio {
  const g = grossOf(m, f);
  const child: NestedCalc = run.nestedOf(m.specId!, `${f}specId`);
  const ret = returnableWaste(m, f, g, withLines);
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
    const qr = decimalAsFraction(q);
    hours = { n: mh.n * g.ratio.n * qr.d, d: mh.d * g.ratio.d * qr.n };
  }
  if (ret) {
    art['2'] = art['2'].plus(ret.amount);
    if (ret.line) lines.push(ret.line);
  }
  return hours;
}

