import 'server-only';
import { unzip } from '../../zip';

/** Re-exported for the callers that read zips through this module. */
export { unzip };

/**
 * Reading XLSX without a dependency: the first sheet of a workbook Excel, LibreOffice or 1С saved
 * (shared strings, inline strings, numbers, booleans), zip entries stored or deflated. The exports are
 * written with exceljs (`lib/client/office/xlsx-book.ts`); this reader stays dependency-free.
 */

// ---- XML ----

const unescapeXml = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_m, e: string) => {
    const k = e.toLowerCase();
    if (k === 'amp') return '&';
    if (k === 'lt') return '<';
    if (k === 'gt') return '>';
    if (k === 'quot') return '"';
    if (k === 'apos') return "'";
    const code = k.startsWith('#x') ? parseInt(k.slice(2), 16) : parseInt(k.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });

function colIndex(ref: string): number {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** Text of a shared-string item or an inline string: every `<t>` inside, phonetic runs left out. */
const textOf = (xml: string) =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, '').matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescapeXml(m[1]!)).join('');

/** The first sheet as rows of cell texts (empty rows dropped). Throws a Russian message on a bad file. */
export function readXlsx(buf: Buffer): string[][] {
  let files: Map<string, Buffer>;
  try {
    files = unzip(buf);
  } catch {
    throw new Error('Файл не похож на книгу Excel (XLSX) или повреждён.');
  }
  const text = (name: string) => files.get(name)?.toString('utf8');
  const workbook = text('xl/workbook.xml');
  const rels = text('xl/_rels/workbook.xml.rels') ?? '';
  if (!workbook) throw new Error('Файл не похож на книгу Excel (XLSX) или повреждён.');
  const firstSheetRid = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  const target = [...rels.matchAll(/<Relationship\b[^>]*>/g)]
    .map((m) => m[0])
    .find((r) => r.includes(`Id="${firstSheetRid}"`))
    ?.match(/Target="([^"]+)"/)?.[1];
  const sheetPath = target ? (target.startsWith('/') ? target.slice(1) : `xl/${target}`) : 'xl/worksheets/sheet1.xml';
  const sheet = text(sheetPath);
  if (!sheet) throw new Error('В книге нет листа с данными.');
  const shared = [...(text('xl/sharedStrings.xml') ?? '').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));

  const rows: string[][] = [];
  for (const rowMatch of sheet.matchAll(/<row\b[^>]*?(?:\/>|>([\s\S]*?)<\/row>)/g)) {
    const row: string[] = [];
    let next = 0;
    for (const c of (rowMatch[1] ?? '').matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attrs = c[1] ?? '';
      const body = c[2] ?? '';
      const ref = /\br="([A-Z]+)\d*"/.exec(attrs)?.[1];
      const col = ref ? colIndex(ref) : next;
      next = col + 1;
      const type = /\bt="([^"]+)"/.exec(attrs)?.[1] ?? 'n';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value = '';
      if (type === 'inlineStr') value = textOf(body);
      else if (type === 's') value = shared[Number(v)] ?? '';
      else if (type === 'b') value = v === '1' ? 'Да' : 'Нет';
      else value = v === undefined ? '' : unescapeXml(v);
      while (row.length < col) row.push('');
      row[col] = value.trim();
    }
    if (row.some((x) => x !== '')) rows.push(row);
  }
  return rows;
}
