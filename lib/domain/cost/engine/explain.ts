import { Dec, ruMoney } from '@/lib/domain/cost/num';
import { pctText, ruExact, ruMoneyStr } from './text';
import { ARTICLE_NOS, type ArticleNo, type CostExplain, type CostFigures, type CostLine } from '@/lib/domain/cost/types';

/** Up to this many lines an article's formula lists their amounts; beyond it, their sum. */
const LIST_MAX = 12;

/**
 * The formula of every figure per unit, each recomputable to the kopeck shown: a label ends with «:», the
 * arithmetic after it uses the amounts shown elsewhere (lines, статьи, totals).
 */
export function explainOf(
  lines: CostLine[],
  o: CostFigures,
  u: CostFigures,
  outputQty: Dec,
  directCosting: boolean,
  priceFormula: string,
  vatRate: Dec | null,
): Record<string, CostExplain> {
  const out: Record<string, CostExplain> = {};
  const perUnit = outputQty.equals(1) ? '' : ` / выпуск ${ruExact(outputQty)}`;
  const byArticle = new Map<ArticleNo, CostLine[]>();
  for (const l of lines) {
    const list = byArticle.get(l.article);
    if (list) list.push(l);
    else byArticle.set(l.article, [l]);
  }
  const m = (v: string) => ruMoney(new Dec(v));
  for (const no of ARTICLE_NOS) {
    const own = byArticle.get(no) ?? [];
    const total = m(u.articles[no]);
    let formula: string;
    if (own.length === 0) formula = `нет строк = ${total}`;
    else if (own.length <= LIST_MAX) formula = `(${own.map((l) => ruMoneyStr(l.amount)).join(' + ')})${perUnit} = ${total}`;
    else formula = perUnit ? `сумма строк ${m(o.articles[no])}${perUnit} = ${total}` : `сумма строк = ${total}`;
    out[no] = { formula, lines: own.map((l) => l.id) };
  }
  const art = (no: ArticleNo) => m(u.articles[no]);
  const ids = (...nos: ArticleNo[]) => nos.flatMap((no) => out[no]!.lines);
  out.materialCost = { formula: `статьи 1 − 2 + 3 + 4: ${art('1')} − ${art('2')} + ${art('3')} + ${art('4')} = ${m(u.materialCost)}`, lines: ids('1', '2', '3', '4') };
  out.directCost = {
    formula: `прямые (статьи 1 − 2 + 3 + 4 + 5 + 6 + 7): ${m(u.materialCost)} + ${art('5')} + ${art('6')} + ${art('7')} = ${m(u.directCost)}`,
    lines: ids('1', '2', '3', '4', '5', '6', '7'),
  };
  out.workshopCost = {
    formula: `прямые + статьи 8, 9, 10: ${m(u.directCost)} + ${art('8')} + ${art('9')} + ${art('10')} = ${m(u.workshopCost)}`,
    lines: ids('1', '2', '3', '4', '5', '6', '7', '8', '9', '10'),
  };
  out.productionCost = {
    formula: directCosting
      ? `цеховая + статьи 12, 13 (ОХР вне производственной): ${m(u.workshopCost)} + ${art('12')} + ${art('13')} = ${m(u.productionCost)}`
      : `цеховая + статьи 11, 12, 13: ${m(u.workshopCost)} + ${art('11')} + ${art('12')} + ${art('13')} = ${m(u.productionCost)}`,
    lines: ids(...(directCosting ? (['12', '13'] as ArticleNo[]) : (['11', '12', '13'] as ArticleNo[]))),
  };
  out.fullCost = {
    formula: directCosting
      ? `производственная + статьи 11, 14: ${m(u.productionCost)} + ${art('11')} + ${art('14')} = ${m(u.fullCost)}`
      : `производственная + статья 14: ${m(u.productionCost)} + ${art('14')} = ${m(u.fullCost)}`,
    lines: ids(...(directCosting ? (['11', '14'] as ArticleNo[]) : (['14'] as ArticleNo[]))),
  };
  out.priceNoVat = { formula: priceFormula, lines: [] };
  out.profit = { formula: `${m(u.priceNoVat)} − ${m(u.fullCost)} = ${m(u.profit)}`, lines: [] };
  out.markupPct = {
    formula: u.markupPct === null ? 'себестоимость равна нулю' : `прибыль / полная себестоимость × 100: ${m(u.profit)} / ${m(u.fullCost)} × 100 = ${m(u.markupPct)} %`,
    lines: [],
  };
  out.marginPct = {
    formula: u.marginPct === null ? 'цена равна нулю' : `прибыль / цена без НДС × 100: ${m(u.profit)} / ${m(u.priceNoVat)} × 100 = ${m(u.marginPct)} %`,
    lines: [],
  };
  out.vat = { formula: vatRate ? `${m(u.priceNoVat)} × ${pctText(vatRate)} = ${m(u.vat)}` : 'без НДС', lines: [] };
  out.priceWithVat = { formula: `${m(u.priceNoVat)} + ${m(u.vat)} = ${m(u.priceWithVat)}`, lines: [] };
  return out;
}
