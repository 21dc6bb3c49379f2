import { Dec, HUNDRED } from './num';
import { ARTICLE_NOS, ARTICLE_TITLES, type ArticleNo, type CostFigures } from './types';

export interface StructureItem {
  no: ArticleNo;
  title: string;
  /** The статья per unit (статья 2 as a negative amount: it is subtracted). */
  amount: string;
  /** Share of the полная себестоимость, %, two decimals; null when the полная is zero. */
  sharePct: string | null;
}

/** Структура себестоимости: every non-zero статья and its share of the полная себестоимость. */
export function costStructure(f: CostFigures): StructureItem[] {
  const full = new Dec(f.fullCost);
  const out: StructureItem[] = [];
  for (const no of ARTICLE_NOS) {
    const raw = new Dec(f.articles[no]);
    if (raw.isZero()) continue;
    const amount = no === '2' ? raw.negated() : raw;
    out.push({
      no,
      title: ARTICLE_TITLES[no],
      amount: amount.toFixed(2),
      sharePct: full.isZero() ? null : amount.times(HUNDRED).div(full).toDecimalPlaces(2).toFixed(2),
    });
  }
  return out;
}
