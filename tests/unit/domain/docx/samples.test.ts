// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { agreeParty, companyData, invoiceTotals } from '@/lib/domain/docx/data';
import { actTemplateXml } from '@/lib/domain/docx/samples/act';
import { contractTemplateXml } from '@/lib/domain/docx/samples/contract';
import { invoiceTemplateXml } from '@/lib/domain/docx/samples/invoice';
import { offerTemplateXml } from '@/lib/domain/docx/samples/offer';
import { documentText, listTemplateFields, renderTemplate } from '@/lib/domain/docx/template';
import { date, money, type TemplateData } from '@/lib/domain/docx/values';
import type { CompanyCard } from '@/lib/domain/requisites/company';
import { docxStubs } from '../../../helpers/docx-stubs';

const card = (o: Partial<CompanyCard>): CompanyCard => ({
  kind: 'legal',
  fullName: 'ООО «Ромашка»',
  shortName: '',
  inn: '7707083893',
  kpp: '773601001',
  ogrn: '',
  okpo: '',
  legalAddress: '117312, г. Москва, ул. Вавилова, д. 19',
  postalAddress: '',
  directorName: 'Петров Иван Сергеевич',
  directorTitle: 'Генеральный директор',
  accountantName: 'Иванова Мария Петровна',
  phone: '+7 495 123-45-67',
  email: 'info@romashka.ru',
  taxRegime: 'osno',
  bankAccounts: [{ bik: '044525225', bankName: 'ПАО Сбербанк', corrAccount: '30101810400000000225', account: '40702810938000000001', isDefault: true }],
  ...o,
});

/** An ИП with no bank account, no КПП, no address and no director's position. */
const bareEntrepreneur = card({
  kind: 'entrepreneur',
  fullName: 'Индивидуальный предприниматель Сидорова Анна Викторовна',
  inn: '500100732259',
  kpp: '',
  legalAddress: '',
  directorName: '',
  directorTitle: '',
  accountantName: '',
  phone: '',
  email: '',
  taxRegime: 'usn6',
  bankAccounts: [],
});

const base = (company: CompanyCard, counterparty: CompanyCard): TemplateData => {
  const { items, totals } = invoiceTotals([{ name: 'Стол', qty: '2', unit: 'шт', price: money('500') }], '22');
  return { doc: { number: '7', date: date('2026-11-25'), basis: '' }, company: companyData(company, '22'), counterparty: companyData(counterparty), items, totals };
};
const textOf = (xml: string, data: TemplateData) => documentText(renderTemplate([xml], data).parts[0]!);

describe('«Договор поставки»: the preamble reads as a lawyer writes it', () => {
  it('declines positions and names into the genitive and agrees «действующего/действующей»', () => {
    const other = card({ fullName: 'ООО «Лютик»', directorName: 'Кузнецова-Орлова Ольга Николаевна', directorTitle: 'Директор по развитию' });
    const text = textOf(contractTemplateXml(), base(card({}), other));
    expect(text).toContain(
      'ООО «Ромашка», именуемое в дальнейшем «Поставщик», в лице Генерального директора Петрова Ивана Сергеевича, действующего на основании Устава, с одной стороны, и ' +
        'ООО «Лютик», именуемое в дальнейшем «Покупатель», в лице Директора по развитию Кузнецовой-Орловой Ольги Николаевны, действующей на основании Устава, с другой стороны, заключили',
    );
    // The signatures are spelled out with initials before the surname (no-break spaces).
    expect(text.split('\n')).toEqual(expect.arrayContaining(['______________ / И.\u00a0С.\u00a0Петров /', '______________ / О.\u00a0Н.\u00a0Кузнецова-Орлова /']));
  });

  it('an ИП signs in person; a counterparty without a bank, КПП or address leaves no stubs', () => {
    const text = textOf(contractTemplateXml(), base(card({}), bareEntrepreneur));
    expect(text).toContain('и Индивидуальный предприниматель Сидорова Анна Викторовна, именуемая в дальнейшем «Покупатель», с другой стороны');
    expect(text.slice(text.indexOf('ПОКУПАТЕЛЬ'))).not.toMatch(/БИК|к\/с|Р\/с|КПП|Адрес/);
    expect(docxStubs(text)).toEqual([]);
  });

  it('a director without a position: «в лице Петрова…» with no double space; no director — no «в лице»', () => {
    expect(textOf(contractTemplateXml(), base(card({ directorTitle: '' }), card({})))).toContain('«Поставщик», в лице Петрова Ивана Сергеевича, действующего');
    const t = textOf(contractTemplateXml(), base(card({ directorName: '', directorTitle: '' }), card({})));
    expect(t).toContain('ООО «Ромашка», именуемое в дальнейшем «Поставщик», с одной стороны');
    expect(docxStubs(t)).toEqual([]);
  });
});

describe('every bundled sample with sparse data leaves no stubs', () => {
  it.each([
    ['invoice', invoiceTemplateXml],
    ['contract', contractTemplateXml],
    ['act', actTemplateXml],
  ] as const)('%s: an ИП supplier with no bank and a bare counterparty', (_id, xml) => {
    const text = textOf(xml(), base(bareEntrepreneur, bareEntrepreneur));
    expect(docxStubs(text)).toEqual([]);
    expect(text).not.toContain('Основание');
  });

  it('offer: «Кому» in the dative when the director is known, the name alone when not', () => {
    const data = { ...base(card({}), card({ fullName: 'ООО «Лютик»', directorName: 'Сидоров Пётр Ильич', directorTitle: 'Генеральный директор' })), cost: { name: 'Стол', articles: [] } };
    expect(textOf(offerTemplateXml(), data)).toContain('Кому: Генеральному директору ООО «Лютик» Сидорову Петру Ильичу');
    const bare = { ...base(bareEntrepreneur, bareEntrepreneur), cost: { name: 'Стол', articles: [] } };
    const t = textOf(offerTemplateXml(), bare);
    expect(t).toContain('Кому: Индивидуальный предприниматель Сидорова Анна Викторовна');
    expect(t).toContain('ИНН 500100732259');
    expect(t).not.toMatch(/ИНН 500100732259,/);
  });

  it('lists the phrases’ fields as optional and the rest as required', () => {
    const f = listTemplateFields([contractTemplateXml()]).fields;
    const optional = (n: string) => f.find((x) => x.name === n)?.optional;
    expect(optional('counterparty.bank.bik')).toBe(true);
    expect(optional('counterparty.directorName')).toBe(true);
    expect(optional('counterparty.fullName')).toBe(false);
    expect(optional('doc.number')).toBe(false);
  });
});

describe('agreeParty', () => {
  it('follows names typed by hand, keeping words typed by hand', () => {
    const g: TemplateData = { fullName: 'ИП Смирнова Е. А.', directorName: '' };
    agreeParty(g, new Set());
    expect(g).toMatchObject({ named: 'именуемая', directorActing: 'действующего' });
    const org: TemplateData = { fullName: 'АО «Вектор»', directorName: 'Лебедева Инна Юрьевна', named: 'именуемое' };
    agreeParty(org, new Set());
    expect(org).toMatchObject({ named: 'именуемое', directorActing: 'действующей' });
    const kept: TemplateData = { ...companyData(card({})), directorActing: 'действующая' };
    agreeParty(kept, new Set(['directorActing']));
    expect(kept.directorActing).toBe('действующая');
  });
});

describe('docxStubs (the check above)', () => {
  it('finds the traces of empty fields', () => {
    expect(docxStubs('в лице  , действующего')).toHaveLength(3);
    expect(docxStubs('БИК , к/с 301')).toHaveLength(2);
    expect(docxStubs('ИНН 7707083893, , Москва')).toHaveLength(2);
    expect(docxStubs('ООО «Ромашка», ИНН 7707083893, КПП 773601001.')).toEqual([]);
    expect(docxStubs('______________ /  /')).toEqual([]);
  });
});
