// The one XLSX reader, for the server (in a worker thread, lib/server/office) and the browser (the file
// viewer's preview): the zip is opened with limits (zip-read.mjs), the parts a reader needs are put under
// the names exceljs expects (writers name the sheet parts as they like), and exceljs parses them. Plain
// JavaScript so that the worker can load it as it is.
import { zipSync } from 'fflate';
import { scanPart } from './xml-scan.mjs';
import { unzipLimited, ZIP_LIMITS, ZipError } from './zip-read.mjs';

export class XlsxError extends Error {
  constructor(message) {
    super(message);
    this.name = 'XlsxError';
  }
}

export const NOT_A_BOOK = 'Файл не похож на книгу Excel (XLSX) или повреждён.';
const tooBig = (bytes) => `Книга слишком большая: не больше 5000 частей и ${Math.floor(bytes / 1048576)} МБ в распакованном виде.`;
const NO_SHEET = 'В книге нет листа с данными.';
const tooManyCells = (n) => `В листе больше ${n.toLocaleString('ru-RU')} ячеек — разделите книгу на части.`;
const tooManyRows = (n) => `В листе больше ${n.toLocaleString('ru-RU')} строк — разделите книгу на части.`;

/** Excel's own bounds of a sheet. */
const EXCEL_ROWS = 1_048_576;
const EXCEL_COLS = 16_384;

const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const enc = new TextEncoder();
const dec = new TextDecoder();
const attr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A part's path from a workbook relationship's target (relative to xl/ or absolute). */
const partOf = (target) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** Excel's serial day number of a date exceljs made from one (1900 or 1904 system), as stored. */
const serialOf = (d, date1904) => String(Number((d.getTime() / 86_400_000 + (date1904 ? 24_107 : 25_569)).toFixed(9)));

function textOf(v, opts, date1904) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? opts.trueText : opts.falseText;
  if (v instanceof Date) return serialOf(v, date1904);
  if (Array.isArray(v.richText)) return v.richText.map((r) => r.text ?? '').join('');
  if ('formula' in v || 'sharedFormula' in v) return textOf(v.result, opts, date1904);
  if ('error' in v) return String(v.error);
  if ('text' in v) return textOf(v.text, opts, date1904);
  return '';
}

/** Refuses a part the linear pre-check finds unfit for exceljs (see xml-scan.mjs). */
function check(bytes, limits) {
  const refused = scanPart(bytes, limits);
  if (refused === 'cells') throw new XlsxError(tooManyCells(limits.maxCells));
  if (refused === 'rows') throw new XlsxError(tooManyRows(limits.maxRows));
  if (refused) throw new XlsxError(NOT_A_BOOK);
}

/** The package rebuilt with the parts exceljs reads, under its names; `firstOnly` keeps the first sheet alone. */
async function canonical(ExcelJS, entries, firstOnly, limits) {
  for (const name of ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels']) if (entries.has(name)) check(entries.get(name), limits);
  const text = (name) => (entries.has(name) ? dec.decode(entries.get(name)) : undefined);
  const workbookXml = text('xl/workbook.xml');
  if (!workbookXml) throw new XlsxError(NOT_A_BOOK);
  const probe = new ExcelJS.Workbook().xlsx;
  const rels = await probe.parseRels([text('xl/_rels/workbook.xml.rels') ?? '<Relationships/>']);
  const book = await probe.parseWorkbook([workbookXml]);
  const byId = new Map((rels ?? []).map((r) => [r.Id, r]));
  const out = { 'xl/workbook.xml': entries.get('xl/workbook.xml') };
  const kept = [];
  for (const rel of rels ?? []) {
    const type = String(rel.Type ?? '');
    if (type.endsWith('/sharedStrings') && entries.has(partOf(rel.Target))) out['xl/sharedStrings.xml'] = entries.get(partOf(rel.Target));
    if (type.endsWith('/styles') && entries.has(partOf(rel.Target))) out['xl/styles.xml'] = entries.get(partOf(rel.Target));
  }
  for (const name of ['xl/sharedStrings.xml', 'xl/styles.xml']) if (!out[name] && entries.has(name)) out[name] = entries.get(name);
  for (const name of ['xl/sharedStrings.xml', 'xl/styles.xml']) if (out[name]) check(out[name], limits);
  for (const sheet of book.sheets ?? []) {
    const rel = byId.get(sheet.rId);
    const fallback = kept.length === 0 && !rel ? 'xl/worksheets/sheet1.xml' : undefined;
    const path = rel ? partOf(String(rel.Target)) : fallback;
    if (!path || !entries.has(path)) continue;
    const n = kept.length + 1;
    check(entries.get(path), limits);
    out[`xl/worksheets/sheet${n}.xml`] = entries.get(path);
    kept.push(`<Relationship Id="${attr(sheet.rId)}" Type="${REL}/worksheet" Target="worksheets/sheet${n}.xml"/>`);
    if (firstOnly) break;
  }
  if (kept.length === 0) throw new XlsxError(NO_SHEET);
  out['xl/_rels/workbook.xml.rels'] = enc.encode(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${kept.join('')}</Relationships>`);
  return zipSync(out, { level: 0 });
}

/**
 * The sheets of an XLSX as rows of cell texts, values as stored: numbers as written (a date cell as its
 * serial day number), shared and rich strings joined, a formula's cached result, booleans as `trueText` /
 * `falseText`. Rows and columns keep their places (`rows[0]` is row 1); past `maxRows` × `maxCols` the sheet
 * is cut and marked `truncated`. Throws XlsxError with a Russian message on a bad or oversized file.
 */
export async function readWorkbook(bytes, options = {}) {
  const opts = { maxRows: Infinity, maxCols: Infinity, maxCells: 1_000_000, maxSheetRows: EXCEL_ROWS, firstOnly: false, trueText: 'ИСТИНА', falseText: 'ЛОЖЬ', limits: {}, ...options };
  let entries;
  try {
    entries = unzipLimited(bytes, opts.limits, (name) => name.endsWith('.xml') || name.endsWith('.rels'));
  } catch (e) {
    if (e instanceof ZipError && (e.reason === 'too-many' || e.reason === 'too-large')) throw new XlsxError(tooBig({ ...ZIP_LIMITS, ...opts.limits }.maxTotal));
    throw new XlsxError(NOT_A_BOOK);
  }
  const mod = await import('exceljs');
  const ExcelJS = mod.default ?? mod;
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(await canonical(ExcelJS, entries, opts.firstOnly, { maxCells: opts.maxCells, maxRows: opts.maxSheetRows }));
  } catch (e) {
    if (e instanceof XlsxError) throw e;
    throw new XlsxError(NOT_A_BOOK);
  }
  const date1904 = Boolean(wb.properties?.date1904);
  return wb.worksheets.map((ws, i) => {
    const rows = [];
    let truncated = false;
    ws.eachRow({ includeEmpty: false }, (row, r) => {
      if (r > EXCEL_ROWS) throw new XlsxError(NOT_A_BOOK);
      if (r > opts.maxRows) {
        truncated = true;
        return;
      }
      const cells = [];
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        if (c > EXCEL_COLS) throw new XlsxError(NOT_A_BOOK);
        if (c > opts.maxCols) truncated = true;
        else cells[c - 1] = textOf(cell.value, opts, date1904);
      });
      while (rows.length < r - 1) rows.push([]);
      rows[r - 1] = Array.from(cells, (x) => x ?? '');
    });
    return { name: ws.name || `Лист ${i + 1}`, rows, truncated };
  });
}
