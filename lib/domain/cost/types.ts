/**
 * Types of the калькуляция engine. Quantities, prices and percentages are decimal strings with a dot
 * ("1234.56"); the engine never uses JS numbers for money.
 */

import { COST_TAX_REGIMES, type CostTaxRegime } from '@/lib/domain/tax-regimes';

type WasteMode = 'uplift' | 'share';
export type MaterialArticle = 'materials' | 'purchased' | 'energy';

export interface MaterialLine {
  id: string;
  name: string;
  /** ОКЕИ short name: "шт", "кг", "м²"… */
  unit: string;
  /** Net quantity for the specification's `outputQty`. */
  qty: string;
  wastePct?: string;
  /** `uplift` (default): брутто = нетто × (1 + w); `share`: брутто = нетто / (1 − w). */
  wasteMode?: WasteMode;
  /** Price per unit; without VAT unless `priceIncludesVat`. A line with `specId` takes its price from that spec. */
  price?: string;
  /** The price given includes the supplier's VAT. */
  priceIncludesVat?: boolean;
  /**
   * The supplier's VAT rate of this price: percent ("22", "10", "0"), or `none` — not subject to VAT («без НДС»:
   * the price is the cost whatever the buyer's regime). Absent: the калькуляция's «НДС поставщиков».
   */
  priceVatPct?: string;
  /** Статья 1 (default), 3 or 4. */
  article?: MaterialArticle;
  /** A semi-finished good made by another specification. */
  specId?: string;
  /** A catalogue item the line follows (name, unit, price). */
  itemId?: string;
  /** Sheet material entered in sheets or м² with a utilisation %: how `qty` was proposed (`qty` stays the user's, as typed). */
  sheet?: { by: 'sheets' | 'area'; sheets?: string; areaM2?: string; utilisationPct?: string };
  /** Возвратные отходы (статья 2): qty defaults to брутто − нетто. */
  returnable?: { qty?: string; price: string };
}

export interface Operation {
  id: string;
  name: string;
  /** Labour hours for the specification's `outputQty`. */
  hours: string;
  /** Hourly wage rate. */
  rate: string;
  machineHours?: string;
  machineRate?: string;
  /** A catalogue work centre the rates follow. */
  workCentreId?: string;
  /**
   * Labour time in minutes, when it was given in minutes (a business-process step): then the wage is
   * minutes × rate ÷ 60 exactly and `hours` is only its rounded display.
   */
  minutes?: string;
  /** Machine time in minutes (as `minutes`, for `machineHours`). */
  machineMinutes?: string;
}

export interface SpecDocument {
  schemaVersion: 1;
  name: string;
  code?: string;
  unit: string;
  /** How many units of output the quantities below make (default "1"). */
  outputQty?: string;
  notes?: string;
  processSetId?: string;
  materials: MaterialLine[];
  operations: Operation[];
}

/**
 * How a nested specification (a semi-finished good of own manufacture) enters its parent:
 * `flow` — бесполуфабрикатный: its статьи flow into the parent's статьи (and its wages and machine-hours into
 * the parent's bases), overheads are charged once on the top product; `semi` — полуфабрикатный: one line
 * «Полуфабрикаты собственного производства» at its own производственная себестоимость (статья 3).
 */
export type SemiFinishedMethod = 'flow' | 'semi';

export const SEMI_FINISHED_METHODS: readonly SemiFinishedMethod[] = ['flow', 'semi'];

export const SEMI_FINISHED_METHOD_TITLES: Record<SemiFinishedMethod, string> = {
  flow: 'Бесполуфабрикатный (по статьям)',
  semi: 'Полуфабрикатный',
};

export type OverheadBase = 'wages' | 'direct' | 'machineHours';

export interface OverheadPool {
  /** Percentage of the base (`wages`, `direct`). */
  pct?: string;
  base: OverheadBase;
  /** Rate per машино-час (base `machineHours`). */
  rate?: string;
}

/** The regimes a калькуляция knows; codes, titles and VAT behaviour come from lib/domain/tax-regimes. */
export type TaxRegime = CostTaxRegime;
export const TAX_REGIMES: readonly TaxRegime[] = COST_TAX_REGIMES;
export { TAX_REGIME_TITLES } from '@/lib/domain/tax-regimes';

export interface CostParams {
  /** Units in the batch (default "1"). */
  batchQty?: string;
  /** Статья 6, % of основная ЗП. */
  additionalWagePct?: string;
  /** Статья 7: страховые взносы (default 30) and НС и ПЗ (default 0.2), % of (5 + 6), each rounded. */
  contributionsPct?: string;
  accidentPct?: string;
  /** Статья 8, % of основная ЗП (подготовка и освоение производства). */
  preparationPct?: string;
  /** Статья 10 (ОПР). */
  shop?: OverheadPool;
  /** Статья 11 (ОХР). */
  general?: OverheadPool;
  /** Статья 12, % of цеховая. */
  defectsPct?: string;
  /** Статья 13, % of цеховая. */
  otherPct?: string;
  /** Статья 14, % of производственная. */
  sellingPct?: string;
  /** Директ-костинг: ОХР stays out of производственная (it is still in полная). */
  directCosting?: boolean;
  /** One of the three sets the price; none = price equals полная себестоимость. */
  markupPct?: string;
  marginPct?: string;
  price?: string;
  taxRegime?: TaxRegime;
  /** Output VAT rate: a percentage, or "none" (без НДС). Absent → the regime's rate. */
  vatRatePct?: string;
  /** Input VAT rate on purchases (default: the general rate). */
  purchaseVatPct?: string;
  /** Nested specifications: `flow` (default, бесполуфабрикатный) or `semi` (полуфабрикатный). */
  semiFinishedMethod?: SemiFinishedMethod;
}

/** Rates from the dated tables, resolved by the caller for the calculation date. */
export interface CostRates {
  /** The general VAT rate (22 in 2026). */
  vatGeneralPct: string;
  /** УСН with НДС: 5 and 7. */
  vatUsn5Pct: string;
  vatUsn7Pct: string;
  /** The general contribution tariff on the date (`contribution_tariffs`); absent → PARAM_DEFAULTS. */
  contributionsPct?: string;
}

export type ArticleNo = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12' | '13' | '14';

export const ARTICLE_NOS: readonly ArticleNo[] = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12', '13', '14'];

export const ARTICLE_TITLES: Record<ArticleNo, string> = {
  '1': 'Сырьё и материалы',
  '2': 'Возвратные отходы (вычитаются)',
  '3': 'Покупные изделия, полуфабрикаты и услуги',
  '4': 'Топливо и энергия на технологические цели',
  '5': 'Основная заработная плата производственных рабочих',
  '6': 'Дополнительная заработная плата',
  '7': 'Страховые взносы',
  '8': 'Подготовка и освоение производства',
  '9': 'Расходы на содержание и эксплуатацию оборудования',
  '10': 'Общепроизводственные расходы',
  '11': 'Общехозяйственные расходы',
  '12': 'Потери от брака',
  '13': 'Прочие производственные расходы',
  '14': 'Коммерческие расходы',
};

/** One figure of the result, per unit or per batch; every amount a string with two decimals. */
export interface CostFigures {
  articles: Record<ArticleNo, string>;
  /** Прямые материальные = 1 − 2 + 3 + 4. */
  materialCost: string;
  /** Прямые = 1 − 2 + 3 + 4 + 5 + 6 + 7. */
  directCost: string;
  workshopCost: string;
  productionCost: string;
  fullCost: string;
  priceNoVat: string;
  profit: string;
  /** Percentages with two decimals; null when the base is zero. */
  markupPct: string | null;
  marginPct: string | null;
  vat: string;
  priceWithVat: string;
}

export interface CostLine {
  /** Material or operation id; for computed articles, the article key (e.g. "7.contributions"). */
  id: string;
  article: ArticleNo;
  name: string;
  formula: string;
  /** For the specification's `outputQty`. */
  amount: string;
  unit?: string;
  qty?: string;
  gross?: string;
  price?: string;
  /**
   * The price on the калькуляция's basis when it differs from `price`: without the supplier's VAT (a price with
   * VAT on ОСНО), or with it (a price without VAT where VAT is part of the cost), to 6 decimals half-up — so that
   * брутто × costPrice gives `amount` (the XLSX «Цена» column).
   */
  costPrice?: string;
  /** The nested specification behind the line (its breakdown is in `CostResult.nested`). */
  specId?: string;
  /** For a line that flows from a nested specification (бесполуфабрикатный метод): the material line's id. */
  sourceId?: string;
}

export interface CostExplain {
  formula: string;
  /** Ids of the lines behind the figure. */
  lines: string[];
}

export interface CostResult {
  name: string;
  unit: string;
  outputQty: string;
  batchQty: string;
  taxRegime: TaxRegime;
  /** Output VAT rate used, null = без НДС. */
  vatRatePct: string | null;
  /** Input VAT rate applied to purchase prices. */
  purchaseVatPct: string;
  /** Contribution tariff used (статья 7): the parameter, else the rate table's general tariff on the date. */
  contributionsPct: string;
  /** Input VAT is part of the cost (УСН, АУСН, ПСН). */
  purchaseVatInCost: boolean;
  directCosting: boolean;
  priceBy: 'markup' | 'margin' | 'price' | 'cost';
  /** Articles and totals for the whole `outputQty` (the lines add up to these). */
  perOutput: CostFigures;
  perUnit: CostFigures;
  perBatch: CostFigures;
  lines: CostLine[];
  /** Formula of every figure (keys: "1"…"14", workshopCost, …) per unit. */
  explain: Record<string, CostExplain>;
  /** How nested specifications entered (see SemiFinishedMethod). */
  semiFinishedMethod: SemiFinishedMethod;
  /** Semi-finished goods used (every level), each calculated once with the same parameters. */
  nested: NestedResult[];
}

/** A nested specification as calculated on its own `outputQty` with the калькуляция's parameters. */
export interface NestedResult {
  specId: string;
  name: string;
  unit: string;
  outputQty: string;
  /** Прямая себестоимость per unit. */
  unitCost: string;
  /** Производственная себестоимость per unit (the price of a `semi` line). */
  unitProductionCost: string;
  /** Статьи 1–13 for its `outputQty` (14 is the top product's only). */
  articles: Record<ArticleNo, string>;
  directCost: string;
  workshopCost: string;
  productionCost: string;
  /** Its lines for its `outputQty` (статьи 1–13), for the drill-down; null when the tree is too large to list. */
  lines: CostLine[] | null;
}
