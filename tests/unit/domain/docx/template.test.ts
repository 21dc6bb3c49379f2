// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { documentText, listTemplateFields, renderTemplate, TemplateError } from '@/lib/domain/docx/template';
import { MAX_LOOP_ITEMS, MAX_TAGS } from '@/lib/domain/docx/limits';
import { date, money } from '@/lib/domain/docx/values';
import { parseXml, serializeXml } from '@/lib/domain/docx/xml';
import { threadCpuMs } from '../../../helpers/loop-watch';

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
    expect(f.fields).toEqual([{ name: 'cost.priceWithVat', filters: ['money'], type: 'money', optional: false }]);
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

  it('shows a condition {?x} when x is filled and an inverted one {^x} when it is empty', () => {
    const body = p(run('{company.name}{?company.kpp}, КПП {company.kpp}{/company.kpp}{^company.kpp} (без КПП){/company.kpp}.'));
    expect(fill(body, { company: { name: 'ООО «Ромашка»', kpp: '773601001' } }).text).toBe('ООО «Ромашка», КПП 773601001.');
    expect(fill(body, { company: { name: 'ИП Петров', kpp: '' } }).text).toBe('ИП Петров (без КПП).');
    expect(fill(body, { company: { name: 'ИП Петров', kpp: '   ' } }).text).toBe('ИП Петров (без КПП).');
    const r = fill(body, { company: { name: 'ИП Петров' } });
    expect(r.text).toBe('ИП Петров (без КПП).');
    expect(r.missing).toEqual([]); // a phrase left out is not a gap
    expect(fill(body, { company: { name: 'X', kpp: false } }).text).toBe('X (без КПП).');
  });

  it('keeps a condition split across runs, nests conditions and loops, and looks names up outside', () => {
    const body = p(run('в лице '), run('{?d.name}{d.title|gen} ', true), run('{d.name|fioGen}{?d.basis}, на основании {d.basis}{/d.basis}{/d.name}'), run('.'));
    expect(fill(body, { d: { name: 'Петрова Анна Сергеевна', title: 'Генеральный директор', basis: 'Устава' } }).text).toBe(
      'в лице Генерального директора Петровой Анны Сергеевны, на основании Устава.',
    );
    expect(fill(body, { d: { name: 'Петров Иван Сергеевич', title: 'Директор' } }).text).toBe('в лице Директора Петрова Ивана Сергеевича.');
    expect(fill(body, { d: { name: '' } }).text).toBe('в лице .');
    const loop = p(run('{#items}{?price}{name}: {price}; {/price}{/items}'));
    expect(fill(loop, { items: [{ name: 'Стол', price: money('10') }, { name: 'Стул', price: '' }] }).text).toBe('Стол: 10,00 ₽; ');
  });

  it('drops a paragraph whose condition came out empty, and conditional blocks of paragraphs', () => {
    const body = p(run('Банк')) + p(run('{?bik}БИК {bik}{/bik}')) + p(run('{?acc}')) + p(run('Р/с {acc}')) + p(run('{/acc}')) + p(run('конец'));
    expect(fill(body, { bik: '', acc: '' }).text.split('\n')).toEqual(['Банк', 'конец']);
    expect(fill(body, { bik: '044525225', acc: '40702810' }).text.split('\n')).toEqual(['Банк', 'БИК 044525225', 'Р/с 40702810', 'конец']);
    // In a table cell the last paragraph gone leaves an empty one (Word needs it).
    const t = fill(table(row('{?bik}БИК {bik}{/bik}')), { bik: '' });
    expect(t.xml).toMatch(/<w:tc>.*<w:p\/><\/w:tc>/);
  });

  it('lists the fields of a condition as the document’s own, marked optional unless also used outside', () => {
    const body = p(run('{?a}{a} и {b}{/a}{b}{^c}нет{/c}')) + table(row('{#items}{?price}{price|num}{/price}', '{name}{/items}'));
    const f = listTemplateFields([doc(body)]);
    expect(f.fields).toEqual([
      { name: 'a', filters: [''], type: 'text', optional: true },
      { name: 'b', filters: [''], type: 'text', optional: false },
    ]);
    expect(f.loops).toEqual([
      {
        name: 'items',
        fields: [
          { name: 'price', filters: ['num'], type: 'money', optional: true },
          { name: 'name', filters: [''], type: 'text', optional: false },
        ],
      },
    ]);
    expect(() => listTemplateFields([doc(p(run('{?a}')))])).toThrow('Раздел-условие {?a} не закрыт');
    expect(() => listTemplateFields([doc(p(run('{?a|gen}{/a}')))])).toThrow('не бывает формата');
  });

  it('declines positions and full names with |gen, |dat, |fioGen, |fioDat', () => {
    const body = p(run('{t|gen} {n|fioGen}; {t|dat} {n|fioDat}'));
    expect(fill(body, { t: 'Главный бухгалтер', n: 'Иванова-Смирнова Мария Ивановна' }).text).toBe(
      'Главного бухгалтера Ивановой-Смирновой Марии Ивановны; Главному бухгалтеру Ивановой-Смирновой Марии Ивановне',
    );
  });

  it('nests loops', () => {
    const body = p(run('{#groups}')) + p(run('{title}:')) + table(row('{#rows}{v}', '{/rows}')) + p(run('{/groups}'));
    const r = fill(body, { groups: [{ title: 'A', rows: [{ v: '1' }, { v: '2' }] }, { title: 'B', rows: [{ v: '3' }] }] });
    expect(r.text.split('\n')).toEqual(['A:', '1', '', '2', '', 'B:', '3', '']);
  });

  it('refuses unbalanced loops and unknown formats with Russian messages', () => {
    expect(() => fill(p(run('{#items}')), {})).toThrow('Цикл {#items} не закрыт');
    expect(() => fill(p(run('{/items}')), {})).toThrow('закрывает цикл или условие, которые не открыты');
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
        { name: 'doc.number', filters: [''], type: 'text', optional: false },
        { name: 'doc.date', filters: ['date'], type: 'date', optional: false },
        { name: 'total', filters: ['', 'words'], type: 'money', optional: false },
      ],
      loops: [
        {
          name: 'items',
          fields: [
            { name: 'n', filters: [''], type: 'text', optional: false },
            { name: 'name', filters: [''], type: 'text', optional: false },
            { name: 'price', filters: ['num'], type: 'money', optional: false },
          ],
        },
      ],
    });
  });
});

describe('bounds of a template', () => {
  const fieldsDoc = (n: number) => doc(p(run(Array.from({ length: n }, (_, i) => `{f${i}}`).join(''))));

  it(`refuses more than ${MAX_TAGS} tags as too complex, before parsing them`, () => {
    for (const f of [() => listTemplateFields([fieldsDoc(MAX_TAGS + 1)]), () => renderTemplate([fieldsDoc(60_000)], {})]) {
      expect(f).toThrow(TemplateError);
      expect(f).toThrow(/^Шаблон слишком сложный: в нём больше 10\s000 полей/);
    }
    // The bound counts all parts together.
    const half = fieldsDoc(MAX_TAGS / 2 + 1);
    expect(() => listTemplateFields([half, half])).toThrow(/слишком сложный/);
  });

  it(`refuses loops that repeat more than ${MAX_LOOP_ITEMS} times in all — a loop in a loop over the same list`, () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ name: `Товар ${i}` }));
    const nested = p(run('{#items}')) + p(run('Строка: {#items}{name}, {/items}')) + p(run('{/items}'));
    expect(() => fill(nested, { items })).toThrow(/^Шаблон слишком сложный: циклы повторяются больше 50\s000 раз/);
    // The same loop alone, and nested over a short list, are filled.
    expect(fill(p(run('{#items}{name};{/items}')), { items }).text).toContain('Товар 499;');
    expect(fill(nested, { items: items.slice(0, 3) }).text.split('\n')).toEqual(Array(3).fill('Строка: Товар 0, Товар 1, Товар 2, '));
  });

  it('lists fields in time that grows with their number, not its square', () => {
    /** The least run time of this thread over three listings, in ms. */
    const cost = (n: number) => {
      const xml = fieldsDoc(n);
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const t0 = threadCpuMs() ?? performance.now();
        expect(listTemplateFields([xml]).fields).toHaveLength(n);
        best = Math.min(best, (threadCpuMs() ?? performance.now()) - t0);
      }
      return best;
    };
    cost(1000); // warm
    const small = cost(2500);
    const large = cost(10_000);
    // Four times the fields: about four times the work when linear, sixteen when quadratic (the list searched per field).
    expect(large / small).toBeLessThan(8);
  });
});
