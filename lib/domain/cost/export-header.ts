import { formatDate } from '@/lib/domain/format/date';
import { formatMoney } from '@/lib/domain/money';
import { formatPercentText } from '@/lib/domain/money/text';
import { PARAM_DEFAULTS } from './defaults';
import { OVERHEAD_BASE_TITLES } from './overhead-bases';
import { requisiteLines, type PrintCompany } from './print-header';
import { TAX_REGIME_TITLES, type CostParams, type CostResult, type OverheadPool } from './types';

/** What the workbook's heading says besides the result: whose, on which date, by whose parameters. */
export interface CostBookHeader {
  /** The own company the calculation is for (its name and ИНН/КПП head the book); null — none. */
  company: PrintCompany | null;
  /** The date of the calculation (ISO), the rates' date. */
  date: string;
  /** Where the parameters came from, as shown beside the cost («параметры компании «…»»); '' — the product's. */
  source: string;
  /** The parameters the calculation used (after defaults). */
  params: CostParams;
}

const pctText = (v: string | undefined, of: string) => (v && v !== '0' ? `${formatPercentText(v)} ${of}` : 'нет');

function poolText(p: OverheadPool | undefined): string {
  if (!p) return 'нет';
  if (p.base === 'machineHours') return p.rate ? `${formatMoney(p.rate)} за машино-час` : 'нет';
  return p.pct && p.pct !== '0' ? `${formatPercentText(p.pct)} ${OVERHEAD_BASE_TITLES[p.base].replace(/^% /, '')}` : 'нет';
}

function priceText(r: CostResult, p: CostParams): string {
  if (r.priceBy === 'markup' && p.markupPct) return `наценка ${formatPercentText(p.markupPct)} к полной себестоимости`;
  if (r.priceBy === 'margin' && p.marginPct) return `маржа ${formatPercentText(p.marginPct)} от цены без НДС`;
  if (r.priceBy === 'price' && p.price) return `задана: ${formatMoney(p.price)} без НДС`;
  return 'равна полной себестоимости';
}

/**
 * The label–value pairs under the workbook's title, like the print form's heading: the company (name; ИНН, КПП),
 * the date, where the parameters came from, the regime, the VAT of the sale and of the purchases (and so the
 * basis of the «Цена» column), and every rate the статьи were taken by.
 */
export function headerPairs(r: CostResult, h: CostBookHeader): [string, string][] {
  const p = h.params;
  const [name, ids] = h.company ? requisiteLines(h.company) : [];
  return [
    ['Организация', h.company ? [name, ids].filter(Boolean).join('; ') : 'своя компания не заведена'],
    ['Дата расчёта', formatDate(new Date(`${h.date}T12:00:00Z`))],
    ['Параметры', h.source || 'по умолчанию программы'],
    ['Налоговый режим', TAX_REGIME_TITLES[r.taxRegime]],
    ['НДС с продажи', r.vatRatePct === null ? 'без НДС' : formatPercentText(r.vatRatePct)],
    [
      'НДС поставщиков',
      r.purchaseVatInCost
        ? `${formatPercentText(r.purchaseVatPct)}, входит в себестоимость: цены в расшифровке с НДС`
        : `${formatPercentText(r.purchaseVatPct)}, к вычету: цены в расшифровке без НДС`,
    ],
    ['Дополнительная заработная плата', pctText(p.additionalWagePct, 'от основной ЗП')],
    ['Страховые взносы; НС и ПЗ', `${formatPercentText(r.contributionsPct)}; ${formatPercentText(p.accidentPct || PARAM_DEFAULTS.accidentPct)}`],
    ['Подготовка и освоение производства', pctText(p.preparationPct, 'от основной ЗП')],
    ['Общепроизводственные расходы', poolText(p.shop)],
    ['Общехозяйственные расходы', poolText(p.general)],
    ['Потери от брака', pctText(p.defectsPct, 'от цеховой себестоимости')],
    ['Прочие производственные расходы', pctText(p.otherPct, 'от цеховой себестоимости')],
    ['Коммерческие расходы', pctText(p.sellingPct, 'от производственной себестоимости')],
    ['Цена', priceText(r, p)],
  ];
}
