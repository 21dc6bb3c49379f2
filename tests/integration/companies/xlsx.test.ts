// @vitest-environment node
import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bookOf } from '../../helpers/xlsx-read';
import { readXlsx } from '@/lib/server/office/xlsx';
import { unzip } from '@/lib/server/zip';

/** An independent tiny zip writer (stored or deflated entries) to build Excel-like books by hand. */
function handZip(files: Record<string, string>, deflate: boolean): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = Buffer.from(text, 'utf8');
    const body = deflate ? deflateRawSync(data) : data;
    const n = Buffer.from(name);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(deflate ? 8 : 0, 8);
    h.writeUInt32LE(crc32(data), 14);
    h.writeUInt32LE(body.length, 18);
    h.writeUInt32LE(data.length, 22);
    h.writeUInt16LE(n.length, 26);
    const extra = Buffer.from([0xfe, 0xca, 0, 0]); // an extra field, as some writers add
    h.writeUInt16LE(extra.length, 28);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(deflate ? 8 : 0, 10);
    c.writeUInt32LE(crc32(data), 16);
    c.writeUInt32LE(body.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    parts.push(h, n, extra, body);
    central.push(c, n);
    offset += 30 + n.length + extra.length + body.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

/** A book the way Excel saves it: shared strings, numbers, a boolean, the sheet under a custom name. */
const excelLike = (deflate: boolean) =>
  handZip(
    {
      'xl/workbook.xml':
        '<?xml version="1.0"?><workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Контрагенты" sheetId="3" r:id="rId7"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<?xml version="1.0"?><Relationships><Relationship Id="rId1" Target="styles.xml"/><Relationship Id="rId7" Target="worksheets/data.xml"/></Relationships>',
      'xl/sharedStrings.xml':
        '<sst><si><t>Полное наименование</t></si><si><t>ИНН</t></si><si><r><t>ПАО </t></r><r><t xml:space="preserve">«Сбер» &amp; Ко</t></r><rPh><t>ふりがな</t></rPh></si><si><t>Своя</t></si></sst>',
      'xl/worksheets/data.xml':
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="D1" t="s"><v>3</v></c></row><row r="2"/><row r="3"><c r="A3" t="s"><v>2</v></c><c r="B3"><v>7707083893</v></c><c t="str"><v>x&lt;y</v></c><c r="D3" t="b"><v>1</v></c></row></sheetData></worksheet>',
    },
    deflate,
  );

describe('XLSX reader', () => {
  it.each([false, true])('reads an Excel-style book (deflated: %s): shared strings, rich text, numbers, gaps', async (deflate) => {
    expect(await readXlsx(excelLike(deflate))).toEqual([
      ['Полное наименование', 'ИНН', '', 'Своя'],
      ['ПАО «Сбер» & Ко', '7707083893', 'x<y', 'Да'],
    ]);
  });

  it('reads back what the exports write (exceljs: shared strings, deflated): text keeps leading zeros, escapes', async () => {
    const rows = [
      ['ИНН', 'БИК', 'Наименование'],
      ['0101010101', '044525225', 'ООО «A & B» <тест>'],
      ['', '', 'только имя'],
    ];
    const book = Buffer.from(await bookOf('Компании', rows));
    expect(await readXlsx(book)).toEqual(rows);
    expect(unzip(book).get('xl/workbook.xml')!.toString('utf8')).toContain('name="Компании"');
    // Numbers come back as the digits written.
    expect(await readXlsx(Buffer.from(await bookOf('Материалы', [['Кол-во'], [{ n: '100.5' }]])))).toEqual([['Кол-во'], ['100.5']]);
  });

  it('refuses what is not a book, and zip bombs', async () => {
    await expect(readXlsx(Buffer.from('ИНН;КПП'))).rejects.toThrow('Файл не похож на книгу Excel (XLSX) или повреждён.');
    const bomb = handZip({ 'xl/workbook.xml': 'x'.repeat(2_000_000) }, true);
    expect(() => unzip(bomb, 1_000_000)).toThrow();
  });
});
