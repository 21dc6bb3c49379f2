// @vitest-environment node
import { inflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { companyData, invoiceTotals } from '@/lib/domain/docx/data';
import { invoiceTemplateDocx, invoiceTemplateXml } from '@/lib/domain/docx/samples/invoice';
import { documentText, listTemplateFields, renderTemplate } from '@/lib/domain/docx/template';
import { date, inputTextOf, money, parseFieldInput, setValueAt, valueAt } from '@/lib/domain/docx/values';
import { parseRuDate } from '@/lib/domain/format/date';
import { parseXml } from '@/lib/domain/docx/xml';
import { TEMPLATE_SAMPLE_IDS, TEMPLATE_SAMPLES } from '@/lib/domain/docx/samples';

/** Entries of a zip by its local headers (stored or deflated). */
function entries(buf: Uint8Array): Map<string, string> {
  const b = Buffer.from(buf);
  const out = new Map<string, string>();
  let at = 0;
  while (b.readUInt32LE(at) === 0x04034b50) {
    const method = b.readUInt16LE(at + 8);
    const size = b.readUInt32LE(at + 18);
    const name = b.toString('utf8', at + 30, at + 30 + b.readUInt16LE(at + 26));
    const start = at + 30 + b.readUInt16LE(at + 26) + b.readUInt16LE(at + 28);
    const data = b.subarray(start, start + size);
    out.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at = start + size;
  }
  return out;
}

describe('values', () => {
  it('parses dates typed the Russian way and refuses impossible ones', () => {
    expect(parseRuDate('05.01.2026')).toBe('2026-01-05');
    expect(parseRuDate('5.1.26')).toBe('2026-01-05');
    expect(parseRuDate('2026-11-22')).toBe('2026-11-22');
    expect(parseRuDate('29.02.2026')).toBeNull();
    expect(parseRuDate('завтра')).toBeNull();
  });

  it('parses form input by type, with Russian messages', () => {
    expect(parseFieldInput('1 234,5', 'money')).toEqual({ ok: true, value: money('1234.50') });
    expect(parseFieldInput('1,234', 'money')).toMatchObject({ ok: false, msg: expect.stringContaining('не больше двух знаков') });
    expect(parseFieldInput('22.11.2026', 'date')).toEqual({ ok: true, value: date('2026-11-22') });
    expect(parseFieldInput('', 'date')).toEqual({ ok: true, value: '' });
    expect(inputTextOf(money('1234.5'))).toBe('1\u00a0234,50');
    expect(inputTextOf(date('2026-01-05'))).toBe('05.01.2026');
  });

  it('reads and writes dotted names', () => {
    const d = { company: { name: 'А' } } as Parameters<typeof setValueAt>[0];
    setValueAt(d, 'company.bank.bik', '044525225');
    setValueAt(d, 'doc.number', '7');
    expect(valueAt(d, 'company.bank.bik')).toBe('044525225');
    expect(valueAt(d, 'company.name')).toBe('А');
    expect(valueAt(d, 'doc.number')).toBe('7');
    expect(valueAt(d, 'company.name.x')).toBeUndefined();
  });
});

describe('invoiceTotals', () => {
  it('rounds each row half-up to kopecks and sums the rounded rows; VAT on top, rounded', () => {
    const { items, totals } = invoiceTotals(
      [
        { name: 'a', qty: '3', price: money('0.335') }, // 1.005 → 1.01
        { name: 'b', qty: '1,5', price: money('1.67') }, // 2.505 → 2.51
        { name: 'c', amount: money('10') },
      ],
      '22',
    );
    expect(items.map((i) => [i.n, i.amount])).toEqual([
      ['1', money('1.01')],
      ['2', money('2.51')],
      ['3', money('10')],
    ]);
    expect(totals).toMatchObject({ count: '3', amount: money('13.52'), vat: money('2.97'), total: money('16.49'), vatTitle: 'НДС 22\u00a0%', vatText: '2,97' });
  });

  it('without VAT: «Без НДС», a dash, total = amount', () => {
    const { totals } = invoiceTotals([{ qty: '2', price: money('100') }], null);
    expect(totals).toMatchObject({ amount: money('200.00'), vat: money('0.00'), vatTitle: 'Без НДС', vatText: '—', total: money('200.00') });
  });
});

describe('companyData', () => {
  it('takes the default bank account and the short name, with VAT from the regime', () => {
    const d = companyData(
      {
        kind: 'legal',
        fullName: 'ООО «Ромашка»',
        shortName: '',
        inn: '7707083893',
        kpp: '773601001',
        ogrn: '',
        okpo: '',
        legalAddress: 'Москва',
        postalAddress: '',
        directorName: '',
        directorTitle: '',
        accountantName: '',
        phone: '',
        email: '',
        taxRegime: 'osno',
        bankAccounts: [
          { bik: '1', bankName: 'Первый', corrAccount: '', account: 'A', isDefault: false },
          { bik: '2', bankName: 'Основной', corrAccount: '', account: 'B', isDefault: true },
        ],
      },
      '22',
    );
    expect(d).toMatchObject({ name: 'ООО «Ромашка»', postalAddress: 'Москва', vat: 'НДС по общим ставкам (22\u00a0%)', bank: { name: 'Основной', bik: '2', account: 'B' } });
  });
});

describe('the bundled «Счёт на оплату»', () => {
  it('is a valid package whose document parses, lists its fields and fills', () => {
    const zip = entries(invoiceTemplateDocx());
    expect([...zip.keys()]).toEqual(['[Content_Types].xml', '_rels/.rels', 'docProps/core.xml', 'word/document.xml', 'word/_rels/document.xml.rels', 'word/styles.xml']);
    for (const xml of zip.values()) expect(() => parseXml(xml)).not.toThrow();
    const f = listTemplateFields([invoiceTemplateXml()]);
    expect(f.fields.map((x) => x.name)).toEqual(expect.arrayContaining(['company.inn', 'counterparty.inn', 'doc.number', 'doc.date', 'totals.total']));
    expect(f.loops.map((l) => l.name)).toEqual(['items']);
    const { items, totals } = invoiceTotals([{ name: 'Стол', qty: '2', unit: 'шт', price: money('500') }], '22');
    const out = renderTemplate([invoiceTemplateXml()], { doc: { number: '1', date: date('2026-11-22') }, items, totals });
    const text = documentText(out.parts[0]!);
    expect(text).toContain('Счёт на оплату № 1 от «22» ноября 2026 г.');
    expect(text).toContain('Одна тысяча двести двадцать рублей 00 копеек');
  });
});

describe('every bundled template', () => {
  it.each(TEMPLATE_SAMPLE_IDS)('%s: a valid package, balanced loops, fills without leftover braces', (id) => {
    const zip = entries(TEMPLATE_SAMPLES[id].docx());
    const xml = zip.get('word/document.xml')!;
    const f = listTemplateFields([xml]);
    expect(f.fields.length).toBeGreaterThan(5);
    const out = renderTemplate([xml], { doc: { number: '5', date: date('2026-03-01') }, items: [], totals: {}, cost: { articles: [] } });
    expect(documentText(out.parts[0]!)).not.toMatch(/[{}]/);
    expect(TEMPLATE_SAMPLES[id].name).toMatch(/\.docx$/);
  });
});
