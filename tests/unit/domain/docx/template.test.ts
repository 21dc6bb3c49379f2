import { describe, expect, it } from 'vitest';
import { documentText, listTemplateFields, renderTemplate, TemplateError } from '@/lib/domain/docx/template';
import { date, money } from '@/lib/domain/docx/values';
import { parseXml, serializeXml } from '@/lib/domain/docx/xml';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const doc = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document ${W}><w:body>${body}<w:sectPr/></w:body></w:document>`;
const run = (t: string, bold = false) => `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${t}</w:t></w:r>`;
const p = (...runs: string[]) => `<w:p><w:pPr><w:jc w:val="left"/></w:pPr>${runs.join('')}</w:p>`;
const cell = (t: string) => `<w:tc><w:tcPr><w:tcW w:w="1000" w:type="dxa"/></w:tcPr>${p(run(t))}</w:tc>`;
const row = (...cells: string[]) => `<w:tr>${cells.map(cell).join('')}</w:tr>`;
const table = (...rows: string[]) => `<w:tbl><w:tblPr/>${rows.join('')}</w:tbl>`;

const fill = (body: string, data: Parameters<typeof renderTemplate>[1]) => {
  const r = renderTemplate([doc(body)], data);
  return { text: documentText(r.parts[0]!), xml: r.parts[0]!, missing: r.missing };
};

describe('xml tree', () => {
  it('writes back what it read byte for byte', () => {
    const xml = doc(p(run('a &amp; b &#160;'), '<w:r><w:t/></w:r>') + '<!-- c --><w:p/>');
    expect(serializeXml(parseXml(xml))).toBe(xml);
  });
  it('refuses broken markup', () => {
    expect(() => parseXml('<w:p><w:r></w:p>')).toThrow(/повреждён/);
  });
});

describe('renderTemplate', () => {
  it('fills a placeholder and keeps the rest of the document unchanged', () => {
    const r = fill(p(run('Поставщик: '), run('{company.name}', true)), { company: { name: 'ООО «Ромашка»' } });
    expect(r.text).toBe('Поставщик: ООО «Ромашка»');
    expect(r.xml).toContain('<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">ООО «Ромашка»</w:t>');
    expect(r.xml).toContain('<w:pPr><w:jc w:val="left"/></w:pPr>');
    expect(r.missing).toEqual([]);
  });

  it('joins a placeholder Word split across runs (with formatting and proofing marks between)', () => {
    const body = p(run('ИНН: {comp'), '<w:proofErr w:type="spellStart"/>', run('any', true), '<w:proofErr w:type="spellEnd"/>', run('.in'), run('n} и КПП {company.kpp}'));
    const r = fill(body, { company: { inn: '7707083893', kpp: '773601001' } });
    expect(r.text).toBe('ИНН: 7707083893 и КПП 773601001');
  });

  it('lists placeholders split across runs as whole names', () => {
    const f = listTemplateFields([doc(p(run('{cost.price'), run('WithVat|mo'), run('ney}')))]);
    expect(f.fields).toEqual([{ name: 'cost.priceWithVat', filters: ['money'], type: 'money' }]);
  });

  it('escapes XML special characters in values', () => {
    const r = fill(p(run('{a}')), { a: 'Рога & Копыта <"ООО">' });
    expect(r.xml).toContain('Рога &amp; Копыта &lt;&quot;ООО&quot;&gt;');
    expect(r.text).toBe('Рога & Копыта <"ООО">');
    expect(() => parseXml(r.xml)).not.toThrow();
  });

  it('formats money, sums in words and dates', () => {
    const r = fill(p(run('{sum} | {sum|num} | {sum|words} | {d} | {d|dateLong} | {d|dateWords} | {n}')), {
      sum: money('1234.5'),
      d: date('2026-11-22'),
      n: 1500,
    });
    expect(r.text).toBe(
      '1\u00a0234,50\u00a0₽ | 1\u00a0234,50 | Одна тысяча двести тридцать четыре рубля 50 копеек | 22.11.2026 | «22» ноября 2026 г. | двадцать второе ноября две тысячи двадцать шестого года | 1\u00a0500',
    );
  });

  it('formats typed-in strings with a format too, and refuses what is not a sum', () => {
    expect(fill(p(run('{s|words}')), { s: '100,00' }).text).toBe('Сто рублей 00 копеек');
    expect(() => fill(p(run('{s|words}')), { s: 'сто' })).toThrow(TemplateError);
  });

  it('leaves missing values empty and reports them', () => {
    const r = fill(p(run('КПП: {company.kpp}; ИНН: {company.inn}')), { company: { inn: '500100732259' } });
    expect(r.text).toBe('КПП: ; ИНН: 500100732259');
    expect(r.missing).toEqual(['company.kpp']);
  });

  it('turns line breaks in a value into <w:br/>', () => {
    const r = fill(p(run('{addr}')), { addr: 'г. Москва\nул. Ленина, 1' });
    expect(r.xml).toContain('г. Москва</w:t><w:br/><w:t xml:space="preserve">ул. Ленина, 1');
  });

  it('repeats a table row for each item (tags in the first and last cells)', () => {
    const body = table(row('№', 'Наименование', 'Сумма'), row('{#items}{n}', '{name}', '{sum}{/items}'), row('', 'Итого', '{total}'));
    const r = fill(body, {
      items: [
        { n: '1', name: 'Стол', sum: money('100') },
        { n: '2', name: 'Стул & табурет', sum: money('50.5') },
      ],
      total: money('150.5'),
    });
    expect(r.text.split('\n')).toEqual(['№', 'Наименование', 'Сумма', '1', 'Стол', '100,00\u00a0₽', '2', 'Стул & табурет', '50,50\u00a0₽', '', 'Итого', '150,50\u00a0₽']);
    expect(r.xml.match(/<w:tr>/g)).toHaveLength(4);
    expect(r.xml).not.toContain('{');
  });

  it('drops the row when the list is empty, and reports a missing list', () => {
    const body = table(row('{#items}{name}', '{/items}'), row('конец', ''));
    expect(fill(body, { items: [] }).text.split('\n')).toEqual(['конец', '']);
    expect(fill(body, {}).missing).toEqual(['items']);
  });

  it('never leaves a table without rows or a cell without a paragraph', () => {
    const onlyLoop = table(row('{#items}{name}', '{/items}'));
    expect(fill(onlyLoop + p(run('после')), { items: [] }).xml).not.toContain('<w:tbl>');
    const inCell = table(`<w:tr><w:tc>${p(run('{#xs}'))}${p(run('{v}'))}${p(run('{/xs}'))}</w:tc></w:tr>`);
    const r = fill(inCell, { xs: [] });
    expect(r.xml).toMatch(/<w:tc><w:p\/><\/w:tc>/);
  });

  it('looks names up in the item first, then outside; a missing one inside a loop is named with the loop', () => {
    const body = table(row('{#items}{name}', '{company.name}', '{price}{/items}'));
    const r = fill(body, { company: { name: 'Ромашка' }, items: [{ name: 'Стол' }] });
    expect(r.text.split('\n')).toEqual(['Стол', 'Ромашка', '']);
    expect(r.missing).toEqual(['items.price']);
  });

  it('repeats paragraphs between loop tags standing alone, and drops those tag paragraphs', () => {
    const body = p(run('До')) + p(run('{#people}')) + p(run('{fio}')) + p(run('{/people}')) + p(run('После'));
    const r = fill(body, { people: [{ fio: 'Иванов' }, { fio: 'Петров' }] });
    expect(r.text.split('\n')).toEqual(['До', 'Иванов', 'Петров', 'После']);
  });

  it('repeats text inside one run and in one paragraph', () => {
    expect(fill(p(run('{#xs}[{v}]{/xs}')), { xs: [{ v: 'a' }, { v: 'b' }] }).text).toBe('[a][b]');
    expect(fill(p(run('{#xs}'), run('&lt;{v}&gt;', true), run('{/xs}')), { xs: [{ v: '1' }, { v: '2' }] }).text).toBe('<1><2>');
  });

  it('treats a non-list as a condition', () => {
    const body = p(run('{#vat}НДС: {vat}{/vat}'));
    expect(fill(body, { vat: money('10') }).text).toBe('НДС: 10,00\u00a0₽');
    expect(fill(body, { vat: '' }).text).toBe('');
  });

  it('nests loops', () => {
    const body = p(run('{#groups}')) + p(run('{title}:')) + table(row('{#rows}{v}', '{/rows}')) + p(run('{/groups}'));
    const r = fill(body, { groups: [{ title: 'A', rows: [{ v: '1' }, { v: '2' }] }, { title: 'B', rows: [{ v: '3' }] }] });
    expect(r.text.split('\n')).toEqual(['A:', '1', '', '2', '', 'B:', '3', '']);
  });

  it('refuses unbalanced loops and unknown formats with Russian messages', () => {
    expect(() => fill(p(run('{#items}')), {})).toThrow('Цикл {#items} не закрыт');
    expect(() => fill(p(run('{/items}')), {})).toThrow('закрывает цикл, который не открыт');
    expect(() => fill(p(run('{#a}{/b}')), {})).toThrow('ожидался {/a}');
    expect(() => listTemplateFields([doc(p(run('{x|foo}')))])).toThrow('Неизвестный формат «|foo»');
  });
});

describe('several parts (document, header, footer)', () => {
  it('fills each part, lists fields of all of them once, and gathers what is missing', () => {
    const header = `<w:hdr ${W}>${p(run('{company.name}'))}</w:hdr>`;
    const body = doc(p(run('{company.name}, '), '<w:bookmarkStart w:id="0" w:name="x"/>', run('{doc.num'), '<w:bookmarkEnd w:id="0"/>', run('ber}')));
    const r = renderTemplate([body, header], { company: { name: 'Ромашка' } });
    expect(documentText(r.parts[0]!)).toBe('Ромашка, ');
    expect(documentText(r.parts[1]!)).toBe('Ромашка');
    expect(r.parts[0]).toContain('<w:bookmarkStart w:id="0" w:name="x"/>');
    expect(r.missing).toEqual(['doc.number']);
    expect(listTemplateFields([body, header]).fields.map((f) => f.name)).toEqual(['company.name', 'doc.number']);
  });
});

describe('listTemplateFields', () => {
  it('lists top-level fields with formats and loops with their fields, in order', () => {
    const body =
      p(run('Счёт № {doc.number} от {doc.date|date}')) +
      table(row('{#items}{n}', '{name}', '{price|num}{/items}')) +
      p(run('Итого {total} ({total|words})'));
    expect(listTemplateFields([doc(body)])).toEqual({
      fields: [
        { name: 'doc.number', filters: [''], type: 'text' },
        { name: 'doc.date', filters: ['date'], type: 'date' },
        { name: 'total', filters: ['', 'words'], type: 'money' },
      ],
      loops: [
        {
          name: 'items',
          fields: [
            { name: 'n', filters: [''], type: 'text' },
            { name: 'name', filters: [''], type: 'text' },
            { name: 'price', filters: ['num'], type: 'money' },
          ],
        },
      ],
    });
  });
});
