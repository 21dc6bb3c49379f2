// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkPart } from '@/lib/domain/docx/limits';
import { documentText, listTemplateFields, renderTemplate } from '@/lib/domain/docx/template';
import { money } from '@/lib/domain/docx/values';
import { findAll, parseXml, textOf } from '@/lib/domain/docx/xml';

/**
 * Templates written the way Word and LibreOffice save them: what the user typed as `{company.name}` is
 * split across runs (revision ids, proofing marks, bookmarks, comments between the pieces), tags stand in
 * content controls, fields, hyperlinks, tracked insertions, text boxes and tables. Each must fill as typed
 * and come out well-formed with the surrounding markup kept.
 */

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" ' +
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" mc:Ignorable="w14"';
const doc = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<w:document ${NS}><w:body>${body}<w:sectPr w:rsidR="00D5"><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`;

/** A Word run: revision id, language, text (spaces kept only when Word needs it). */
const wr = (t: string, rPr = '<w:lang w:val="ru-RU"/>') =>
  `<w:r w:rsidRPr="00A3"><w:rPr>${rPr}</w:rPr><w:t${/^\s|\s$/.test(t) ? ' xml:space="preserve"' : ''}>${t}</w:t></w:r>`;
const wp = (...inner: string[]) => `<w:p w:rsidR="00A1" w:rsidRDefault="00B2" w:rsidP="00C3"><w:pPr><w:rPr><w:lang w:val="ru-RU"/></w:rPr></w:pPr>${inner.join('')}</w:p>`;
/** A LibreOffice run: fonts, size, language; every text preserved. */
const lr = (t: string) =>
  `<w:r><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif"/><w:sz w:val="24"/><w:lang w:val="ru-RU" w:eastAsia="zh-CN" w:bidi="hi-IN"/></w:rPr><w:t xml:space="preserve">${t}</w:t></w:r>`;
const lp = (...inner: string[]) => `<w:p><w:pPr><w:pStyle w:val="Normal"/><w:bidi w:val="0"/><w:jc w:val="left"/><w:rPr></w:rPr></w:pPr>${inner.join('')}</w:p>`;
const tc = (...paras: string[]) => `<w:tc><w:tcPr><w:tcW w:w="3005" w:type="dxa"/></w:tcPr>${paras.join('')}</w:tc>`;
const tr = (...cells: string[]) => `<w:tr w:rsidR="00E1" w:rsidTr="00E2"><w:trPr><w:cantSplit/></w:trPr>${cells.join('')}</w:tr>`;
const tbl = (...rows: string[]) =>
  `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="3005"/><w:gridCol w:w="3005"/></w:tblGrid>${rows.join('')}</w:tbl>`;

const data = {
  company: { name: 'ООО «Ромашка»', inn: '7707083893', email: 'info@romashka.ru', kpp: '' },
  doc: { number: '15' },
  items: [
    { name: 'Стол', price: money('1500') },
    { name: 'Стул', price: money('700.5') },
  ],
  total: money('2200.5'),
};

/** Every paragraph's own text (a text box's paragraphs after the one holding it), one a line. */
const allText = (xml: string) =>
  findAll(parseXml(xml), 'w:p')
    .map((p) => findAll(p.children, 'w:t', ['w:p']).map(textOf).join(''))
    .join('\n')
    .replaceAll('\u00a0', ' ');

interface Case {
  name: string;
  body: string;
  text: string;
  fields: string[];
  /** Markup that must survive filling. */
  keeps?: string[];
  /** Markup that goes with the tag's text (a bookmark wholly inside a tag marks text that is no more). */
  drops?: string[];
}

const CASES: Case[] = [
  {
    name: 'Word: a tag split over runs with revision ids and spelling / grammar marks',
    body: wp(
      wr('Поставщик: {'),
      '<w:proofErr w:type="spellStart"/>',
      wr('company'),
      '<w:proofErr w:type="spellEnd"/>',
      wr('.'),
      '<w:proofErr w:type="gramStart"/>',
      wr('name', '<w:b/><w:lang w:val="ru-RU"/>'),
      '<w:proofErr w:type="gramEnd"/>',
      wr('}, ИНН {company.inn}'),
    ),
    text: 'Поставщик: ООО «Ромашка», ИНН 7707083893',
    fields: ['company.name', 'company.inn'],
    keeps: ['<w:proofErr w:type="gramStart"/>'],
  },
  {
    name: 'Word: a bookmark (_GoBack), a comment range and a rendered page break inside a tag',
    body: wp(
      wr('Счёт № {doc.'),
      '<w:bookmarkStart w:id="0" w:name="_GoBack"/>',
      '<w:commentRangeStart w:id="1"/>',
      wr('num'),
      '<w:bookmarkEnd w:id="0"/>',
      '<w:r><w:lastRenderedPageBreak/><w:t>ber}</w:t></w:r>',
      '<w:commentRangeEnd w:id="1"/>',
      '<w:r><w:commentReference w:id="1"/></w:r>',
    ),
    text: 'Счёт № 15',
    fields: ['doc.number'],
    keeps: ['<w:commentRangeStart w:id="1"/>', '<w:commentRangeEnd w:id="1"/>', '<w:commentReference w:id="1"/>', '<w:lastRenderedPageBreak/>'],
    drops: ['_GoBack'],
  },
  {
    name: 'Word: inline and block content controls',
    body:
      wp(
        wr('ИНН: '),
        '<w:sdt><w:sdtPr><w:alias w:val="ИНН"/><w:tag w:val="inn"/><w:id w:val="-1"/></w:sdtPr><w:sdtContent>',
        wr('{company.'),
        wr('inn}'),
        '</w:sdtContent></w:sdt>',
      ) + `<w:sdt><w:sdtPr><w:id w:val="7"/><w:docPartObj><w:docPartGallery w:val="Table of Contents"/></w:docPartObj></w:sdtPr><w:sdtContent>${wp(wr('Почта: {company.email}'))}</w:sdtContent></w:sdt>`,
    text: 'ИНН: 7707083893\nПочта: info@romashka.ru',
    fields: ['company.inn', 'company.email'],
    keeps: ['<w:alias w:val="ИНН"/>', '<w:docPartGallery w:val="Table of Contents"/>'],
  },
  {
    name: 'Word: a simple field and a complex field (PAGE, DATE) beside tags',
    body: wp(
      wr('Стр. '),
      '<w:fldSimple w:instr=" PAGE   \\* MERGEFORMAT "><w:r><w:t>1</w:t></w:r></w:fldSimple>',
      wr(' — {company.name} — '),
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> DATE \\@ "dd.MM.yyyy" </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>',
      wr('25.11.2026'),
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
    ),
    text: 'Стр. 1 — ООО «Ромашка» — 25.11.2026',
    fields: ['company.name'],
    keeps: ['<w:fldSimple w:instr=" PAGE   \\* MERGEFORMAT ">', '<w:instrText xml:space="preserve"> DATE \\@ "dd.MM.yyyy" </w:instrText>'],
  },
  {
    name: 'Word: a hyperlink, a tracked insertion and a tracked deletion holding an old tag',
    body: wp(
      '<w:hyperlink r:id="rId5" w:history="1">',
      wr('{company.email}', '<w:rStyle w:val="Hyperlink"/>'),
      '</w:hyperlink>',
      '<w:ins w:id="3" w:author="Бухгалтер" w:date="2026-11-20T10:00:00Z">',
      wr(' № {doc.number}'),
      '</w:ins>',
      '<w:del w:id="4" w:author="Бухгалтер" w:date="2026-11-20T10:00:00Z"><w:r><w:delText>{old.field}</w:delText></w:r></w:del>',
    ),
    text: 'info@romashka.ru № 15',
    fields: ['company.email', 'doc.number'],
    keeps: ['<w:hyperlink r:id="rId5" w:history="1">', '<w:delText>{old.field}</w:delText>'],
  },
  {
    name: 'Word: a table row loop with the loop tag split, row properties and a totals row',
    body:
      tbl(
        tr(tc(wp(wr('Наименование'))), tc(wp(wr('Цена')))),
        tr(tc(wp(wr('{#'), wr('items}{name}'))), tc(wp(wr('{price|'), '<w:proofErr w:type="spellStart"/>', wr('money'), '<w:proofErr w:type="spellEnd"/>', wr('}{/items}')))),
        tr(tc(wp(wr('Итого'))), tc(wp(wr('{total|money}')))),
      ) + wp(),
    text: 'Наименование\nЦена\nСтол\n1 500,00 ₽\nСтул\n700,50 ₽\nИтого\n2 200,50 ₽\n',
    fields: ['total'],
    keeps: ['<w:trPr><w:cantSplit/></w:trPr>', '<w:tblGrid>'],
  },
  {
    name: 'Word: a paragraph loop with tags alone in formatted paragraphs, and a condition split by proofing marks',
    body:
      wp(wr('{#items}', '<w:b/>')) +
      wp(wr('— {name}: {price|num}')) +
      wp(wr('{/items}', '<w:b/>')) +
      wp(wr('{?company.'), '<w:proofErr w:type="gramStart"/>', wr('kpp}КПП {company.kpp}{/company.kpp}')) +
      wp(wr('{^company.kpp}без КПП{/company.kpp}')),
    text: '— Стол: 1 500,00\n— Стул: 700,50\nбез КПП',
    fields: ['company.kpp'],
  },
  {
    name: 'Word 2007: a smart tag, tabs and a no-break hyphen around tags',
    body: wp(
      '<w:smartTag w:uri="urn:schemas-microsoft-com:office:smarttags" w:element="PersonName">',
      wr('{company.'),
      wr('name}'),
      '</w:smartTag>',
      '<w:r><w:tab/></w:r>',
      wr('ИНН'),
      '<w:r><w:noBreakHyphen/></w:r>',
      wr('{company.inn}'),
    ),
    text: 'ООО «Ромашка»ИНН7707083893',
    fields: ['company.name', 'company.inn'],
    keeps: ['w:element="PersonName"', '<w:tab/>', '<w:noBreakHyphen/>'],
  },
  {
    name: 'LibreOffice: runs split by autocorrect with DDE bookmarks, every text preserved',
    body:
      lp(lr('Покупатель: '), lr('{'), '<w:bookmarkStart w:id="2" w:name="__DdeLink__12_3456"/>', lr('company.name'), '<w:bookmarkEnd w:id="2"/>', lr('}')) +
      lp(lr('Сумма: {total|'), lr('words}')),
    text: 'Покупатель: ООО «Ромашка»\nСумма: Две тысячи двести рублей 50 копеек',
    fields: ['company.name', 'total'],
    drops: ['__DdeLink__12_3456'],
  },
  {
    name: 'LibreOffice: a table with one row loop over two paragraphs of a cell',
    body:
      tbl(`<w:tr>${tc(lp(lr('{#items}{name}')), lp(lr('цена: {price}')))}${tc(lp(lr('{/items}')))}</w:tr>`) + lp(),
    text: 'Стол\nцена: 1 500,00 ₽\n\nСтул\nцена: 700,50 ₽\n\n',
    fields: [],
  },
  {
    name: 'Word and LibreOffice: a tag in a text box (DrawingML with a VML fallback)',
    body: wp(
      '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="2" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:extent cx="1000" cy="1000"/><wp:docPr id="1" name="Надпись 1"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:txbx><w:txbxContent>',
      wp(wr('{company.'), wr('name}')),
      '</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict/></mc:Fallback></mc:AlternateContent></w:r>',
    ),
    text: '\nООО «Ромашка»',
    fields: ['company.name'],
    keeps: ['<wp:docPr id="1" name="Надпись 1"/>', '<mc:Fallback><w:pict/></mc:Fallback>'],
  },
];

describe('a corpus of templates as Word and LibreOffice write them', () => {
  it.each(CASES)('$name', ({ body, text, fields, keeps, drops }) => {
    const xml = doc(body);
    const listed = listTemplateFields([xml]);
    expect(listed.fields.map((f) => f.name)).toEqual(fields);
    const r = renderTemplate([xml], data);
    const out = r.parts[0]!;
    expect(() => parseXml(out)).not.toThrow();
    expect(() => checkPart(out)).not.toThrow();
    expect(allText(out)).toBe(text);
    expect(out).not.toContain('kalkulus-cond');
    for (const k of keeps ?? []) expect(out).toContain(k);
    for (const k of drops ?? []) expect(out).not.toContain(k);
  });

  it('lists the loops of the table and paragraph cases with their fields', () => {
    const table = CASES.find((c) => c.name.startsWith('Word: a table row loop'))!;
    expect(listTemplateFields([doc(table.body)]).loops).toEqual([
      {
        name: 'items',
        fields: [
          { name: 'name', filters: [''], type: 'text', optional: false },
          { name: 'price', filters: ['money'], type: 'money', optional: false },
        ],
      },
    ]);
  });

  it('leaves text in braces that is not a tag, and lone braces, as typed', () => {
    const xml = doc(wp(wr('Формула {a+b} и {1}, скобки {} и «}» — {company.name}; {@raw} {=[[ ]]=} {-w:p x}')));
    expect(listTemplateFields([xml]).fields.map((f) => f.name)).toEqual(['company.name']);
    expect(documentText(renderTemplate([xml], data).parts[0]!)).toBe('Формула {a+b} и {1}, скобки {} и «}» — ООО «Ромашка»; {@raw} {=[[ ]]=} {-w:p x}');
  });

  it('drops characters XML forbids from values and keeps a value’s line breaks in its run', () => {
    const xml = doc(wp(wr('{a}', '<w:b/>')));
    const out = renderTemplate([xml], { a: 'x\u0001y\u000bz\nвторая' }).parts[0]!;
    expect(() => parseXml(out)).not.toThrow();
    expect(out).toContain('<w:rPr><w:b/></w:rPr><w:t xml:space="preserve">xyz</w:t><w:br/><w:t xml:space="preserve">вторая</w:t>');
  });
});
