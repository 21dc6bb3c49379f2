import { rateOn, type RateBook } from '@/lib/domain/calculators/rates';

/**
 * The one model of tax regimes: every screen, schema, document and calculation takes the codes, the
 * Russian titles and the VAT behaviour from here. Percentages never live here: the VAT rate of a regime
 * is the dated row of its rate kind in the rate table on the day asked.
 */
export const TAX_REGIMES = ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn', 'npd', 'none'] as const;
export type TaxRegimeId = (typeof TAX_REGIMES)[number];

/** The regimes a калькуляция is computed under (НПД and «не применяется» are a person's, not a business's). */
export const COST_TAX_REGIMES = ['osno', 'usn6', 'usn15', 'usn-vat5', 'usn-vat7', 'ausn', 'psn'] as const satisfies readonly TaxRegimeId[];
export type CostTaxRegime = (typeof COST_TAX_REGIMES)[number];

/** The rate kinds of output VAT in the dated rate table. */
export const VAT_RATE_KINDS = ['vat', 'vat_usn_5', 'vat_usn_7'] as const;
export type VatRateKind = (typeof VAT_RATE_KINDS)[number];

/** ЮЛ, ИП, физлицо — who may choose the regime. */
export type RegimePayer = 'legal' | 'entrepreneur' | 'person';

export interface TaxRegimeInfo {
  title: string;
  /** For narrow places (a table cell, a chip). */
  short: string;
  /**
   * Output VAT: `general` — the general rate (НДС по общим ставкам), `reduced` — the УСН payer's reduced
   * rate without deduction (п. 8 ст. 164 НК), `none` — без НДС (УСН and АУСН exempt, ПСН and НПД outside VAT).
   */
  vat: 'general' | 'reduced' | 'none';
  /** The rate kind the output VAT reads on a date; null = без НДС. */
  vatRate: VatRateKind | null;
  /** The rate the regime is named after (a label only; the figure used is the dated row of `vatRate`). */
  nominalVatPct?: string;
  /** Input VAT cannot be deducted and is part of the cost (ст. 170 НК). */
  inputVatInCost: boolean;
  payers: readonly RegimePayer[];
}

const BUSINESS: readonly RegimePayer[] = ['legal', 'entrepreneur'];

export const TAX_REGIME: Readonly<Record<TaxRegimeId, TaxRegimeInfo>> = {
  osno: { title: 'ОСНО', short: 'ОСНО', vat: 'general', vatRate: 'vat', inputVatInCost: false, payers: BUSINESS },
  usn6: { title: 'УСН «доходы» 6 %', short: 'УСН 6 %', vat: 'none', vatRate: null, inputVatInCost: true, payers: BUSINESS },
  usn15: { title: 'УСН «доходы − расходы» 15 %', short: 'УСН 15 %', vat: 'none', vatRate: null, inputVatInCost: true, payers: BUSINESS },
  'usn-vat5': {
    title: 'УСН с НДС 5 %',
    short: 'УСН + НДС 5 %',
    vat: 'reduced',
    vatRate: 'vat_usn_5',
    nominalVatPct: '5',
    inputVatInCost: true,
    payers: BUSINESS,
  },
  'usn-vat7': {
    title: 'УСН с НДС 7 %',
    short: 'УСН + НДС 7 %',
    vat: 'reduced',
    vatRate: 'vat_usn_7',
    nominalVatPct: '7',
    inputVatInCost: true,
    payers: BUSINESS,
  },
  ausn: { title: 'АУСН', short: 'АУСН', vat: 'none', vatRate: null, inputVatInCost: true, payers: BUSINESS },
  psn: { title: 'ПСН (патент)', short: 'ПСН', vat: 'none', vatRate: null, inputVatInCost: true, payers: ['entrepreneur'] },
  npd: { title: 'НПД (самозанятый)', short: 'НПД', vat: 'none', vatRate: null, inputVatInCost: true, payers: ['entrepreneur', 'person'] },
  none: { title: 'Не применяется (физлицо)', short: '—', vat: 'none', vatRate: null, inputVatInCost: true, payers: ['person'] },
};

export const TAX_REGIME_TITLES = Object.fromEntries(TAX_REGIMES.map((r) => [r, TAX_REGIME[r].title])) as Readonly<Record<TaxRegimeId, string>>;

export const isTaxRegime = (v: unknown): v is TaxRegimeId => typeof v === 'string' && (TAX_REGIMES as readonly string[]).includes(v);
export const isCostTaxRegime = (v: unknown): v is CostTaxRegime => typeof v === 'string' && (COST_TAX_REGIMES as readonly string[]).includes(v);

/** The regime a payer starts with (a person — «не применяется»). */
const DEFAULT_REGIME: Readonly<Record<RegimePayer, TaxRegimeId>> = { legal: 'osno', entrepreneur: 'osno', person: 'none' };

/** The regimes a payer may have: the default first, then the model's order. */
export const regimesOf = (payer: RegimePayer): TaxRegimeId[] => [
  DEFAULT_REGIME[payer],
  ...TAX_REGIMES.filter((r) => r !== DEFAULT_REGIME[payer] && TAX_REGIME[r].payers.includes(payer)),
];

/** The output VAT % of the regime, each rate kind read through `pctOf`; null = без НДС. */
export function regimeVatPct(regime: TaxRegimeId, pctOf: (kind: VatRateKind) => string): string | null {
  const kind = TAX_REGIME[regime].vatRate;
  return kind ? pctOf(kind) : null;
}

/** The output VAT % of the regime on `date` from the dated rate rows (RateMissingError when the table has none). */
export const regimeVatPctOn = (regime: TaxRegimeId, book: RateBook, date: string): string | null =>
  regimeVatPct(regime, (kind) => rateOn<string>(book, kind, date));
