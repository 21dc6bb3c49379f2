import { ARTICLE_NOS, ARTICLE_TITLES, type CostResult } from '@/lib/domain/cost';
import { genderOfName } from '@/lib/domain/declension';
import { dec, formatNumber, formatPercent } from '@/lib/domain/money';
import { COMPANY_KIND_SHORT, TAX_REGIME_TITLES, vatTitle, type CompanyCard } from '@/lib/domain/requisites/company';
import { money, type TemplateData } from './values';

export { invoiceTotals } from './invoice-totals';

/**
 * What templates are filled with: a company's реквизиты (`company.*`, `counterparty.*`), a калькуляция
 * (`cost.*`), invoice rows (`items`) and their totals (`totals.*`). Names are listed in docs/templates.md.
 */

const ENTREPRENEUR_PREFIX = /^\s*(индивидуальный\s+предприниматель|ип)\s+/i;

/**
 * Words of a contract's preamble that agree with the party: `named` — «именуемое» (an organisation),
 * «именуемый» / «именуемая» (an ИП or a person, by the gender of the name); `directorActing` —
 * «действующего» / «действующей» (the signatory in the genitive, by the gender of the director's name;
 * unknown — masculine, as documents usually write it).
 */
function agreementWords(isPerson: boolean, fullName: string, directorName: string): { named: string; directorActing: string } {
  const person = genderOfName(directorName.trim() || fullName.replace(ENTREPRENEUR_PREFIX, ''));
  const director = genderOfName(directorName);
  return {
    named: !isPerson ? 'именуемое' : person === 'female' ? 'именуемая' : 'именуемый',
    directorActing: director === 'female' ? 'действующей' : 'действующего',
  };
}

/**
 * After names were typed by hand: `named` and `directorActing` of a party (`company`, `counterparty`)
 * follow its current names, except those in `typed` (typed by hand too). A party with no source is an
 * organisation unless its name starts with «ИП» / «Индивидуальный предприниматель».
 */
export function agreeParty(g: TemplateData, typed: ReadonlySet<string>): void {
  const text = (k: string) => (typeof g[k] === 'string' ? (g[k] as string) : '');
  const isPerson = typeof g.isPerson === 'boolean' ? g.isPerson : ENTREPRENEUR_PREFIX.test(text('fullName'));
  const w = agreementWords(isPerson, text('fullName'), text('directorName'));
  if (!typed.has('named')) g.named = w.named;
  if (!typed.has('directorActing')) g.directorActing = w.directorActing;
}

/** `vatPct` — the regime's VAT % on the document's day (from the dated rate rows), shown in the VAT title. */
export function companyData(c: CompanyCard, vatPct?: string): TemplateData {
  const bank = c.bankAccounts.find((b) => b.isDefault) ?? c.bankAccounts[0];
  return {
    isOrg: c.kind === 'legal',
    isPerson: c.kind !== 'legal',
    ...agreementWords(c.kind !== 'legal', c.fullName, c.directorName),
    name: c.shortName || c.fullName,
    fullName: c.fullName,
    shortName: c.shortName || c.fullName,
    kind: COMPANY_KIND_SHORT[c.kind],
    inn: c.inn,
    kpp: c.kpp,
    ogrn: c.ogrn,
    okpo: c.okpo,
    legalAddress: c.legalAddress,
    postalAddress: c.postalAddress || c.legalAddress,
    directorName: c.directorName,
    directorTitle: c.directorTitle,
    accountantName: c.accountantName,
    phone: c.phone,
    email: c.email,
    taxRegime: TAX_REGIME_TITLES[c.taxRegime],
    vat: vatTitle(c.taxRegime, vatPct),
    bank: { name: bank?.bankName ?? '', bik: bank?.bik ?? '', corrAccount: bank?.corrAccount ?? '', account: bank?.account ?? '' },
  };
}

/** `cost.*`: per-unit prices and the totals for the whole quantity, the калькуляция by articles and lines. */
export function costData(r: CostResult): TemplateData {
  return {
    name: r.name,
    unit: r.unit,
    qty: formatNumber(r.outputQty),
    vatRate: r.vatRatePct === null ? 'без НДС' : formatPercent(r.vatRatePct),
    fullCost: money(r.perUnit.fullCost),
    priceNoVat: money(r.perUnit.priceNoVat),
    vat: money(r.perUnit.vat),
    priceWithVat: money(r.perUnit.priceWithVat),
    profit: money(r.perUnit.profit),
    totalFullCost: money(r.perOutput.fullCost),
    totalNoVat: money(r.perOutput.priceNoVat),
    totalVat: money(r.perOutput.vat),
    total: money(r.perOutput.priceWithVat),
    articles: ARTICLE_NOS.map((no) => ({
      no,
      title: ARTICLE_TITLES[no],
      amount: money(r.perUnit.articles[no]),
      total: money(r.perOutput.articles[no]),
    })).filter((a) => !dec(a.total.$money).isZero()),
    lines: r.lines.map((l, i) => ({
      n: String(i + 1),
      article: l.article,
      name: l.name,
      qty: l.qty ? formatNumber(l.qty) : '',
      unit: l.unit ?? '',
      price: l.price ? money(l.price) : '',
      amount: money(l.amount),
    })),
  };
}

/** One invoice row from a калькуляция: the product at its price without VAT for the whole quantity. */
export function itemsFromCost(r: CostResult): TemplateData[] {
  return [{ n: '1', name: r.name, qty: formatNumber(r.outputQty), unit: r.unit, price: money(r.perUnit.priceNoVat), amount: money(r.perOutput.priceNoVat) }];
}
