// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readXlsx } from '@/lib/client/office/xlsx';
import { zipStore } from '@/lib/domain/zip-store';
import { bookOf } from '../../helpers/xlsx-read';

const enc = new TextEncoder();
const ab = (u: Uint8Array) => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;

describe('the file viewer reads XLSX with the shared reader', () => {
  it('values as stored, places kept, booleans as Excel shows them', async () => {
    const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const book = zipStore([
      { name: 'xl/workbook.xml', data: enc.encode(`<workbook xmlns:r="${REL}"><sheets><sheet name="Данные" sheetId="1" r:id="rId1"/><sheet name="Второй" sheetId="2" r:id="rId2"/></sheets></workbook>`) },
      { name: 'xl/_rels/workbook.xml.rels', data: enc.encode(`<Relationships><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/a.xml"/><Relationship Id="rId2" Type="${REL}/worksheet" Target="/xl/worksheets/b.xml"/></Relationships>`) },
      { name: 'xl/worksheets/a.xml', data: enc.encode('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t> Болт </t></is></c><c r="C1" t="b"><v>0</v></c></row><row r="3"><c r="B3"><v>0.1</v></c><c r="C3"><v>12345678901234</v></c></row></sheetData></worksheet>') },
      { name: 'xl/worksheets/b.xml', data: enc.encode('<worksheet><sheetData><row r="2"><c r="A2" t="b"><v>1</v></c></row></sheetData></worksheet>') },
    ]);
    expect(await readXlsx(ab(book))).toEqual([
      { name: 'Данные', rows: [[' Болт ', '', 'ЛОЖЬ'], [], ['', '0.1', '12345678901234']], truncated: false },
      { name: 'Второй', rows: [[], ['ИСТИНА']], truncated: false },
    ]);
  });

  it('shows the first 500 rows × 50 columns and says the sheet was cut', async () => {
    const wide = Array.from({ length: 60 }, (_, c) => `к${c + 1}`);
    const rows = Array.from({ length: 520 }, (_, r) => (r === 0 ? wide : [`строка ${r + 1}`]));
    const [sheet] = await readXlsx(ab(await bookOf('Большой', rows)));
    expect(sheet!.truncated).toBe(true);
    expect(sheet!.rows).toHaveLength(500);
    expect(sheet!.rows[0]).toHaveLength(50);
    expect(sheet!.rows[499]).toEqual(['строка 500']);
  });

  it('a damaged book is a Russian message', async () => {
    await expect(readXlsx(ab(enc.encode('не книга')))).rejects.toThrow('Файл не похож на книгу Excel (XLSX) или повреждён.');
  });
});
