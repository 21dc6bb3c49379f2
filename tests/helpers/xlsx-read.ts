import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { xlsxBytes } from '@/lib/client/office/xlsx-book';
import { Dec } from '@/lib/domain/money';

/** Entries of a ZIP (stored or deflated), by the local file headers (DOCX packages). Test-only. */
export function unzip(buf: Uint8Array): Map<string, Buffer> {
  const b = Buffer.from(buf);
  const out = new Map<string, Buffer>();
  let at = 0;
  while (at + 30 <= b.length && b.readUInt32LE(at) === 0x04034b50) {
    const method = b.readUInt16LE(at + 8);
    const size = b.readUInt32LE(at + 18);
    const nameLen = b.readUInt16LE(at + 26);
    const extraLen = b.readUInt16LE(at + 28);
    const name = b.subarray(at + 30, at + 30 + nameLen).toString('utf8');
    const start = at + 30 + nameLen + extraLen;
    const data = b.subarray(start, start + size);
    out.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at = start + size;
  }
  return out;
}

/** A workbook read back with exceljs. Test-only. */
export async function readBook(buf: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(buf) as unknown as ArrayBuffer);
  return wb;
}

/** What a cell holds: text, a number as a string, a formula's cached result; '' for an empty cell. */
export function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'formula' in v) return v.result === undefined || v.result === null ? '' : String(v.result);
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((t) => t.text).join('');
  return String(v);
}

/** The sheet (the first one by default) as rows of cell texts (trailing empty cells dropped), index 0 = row 1. */
export function sheetRows(wb: ExcelJS.Workbook, name?: string): string[][] {
  const ws = name ? wb.getWorksheet(name) : wb.worksheets[0];
  if (!ws) throw new Error(`no sheet ${name}`);
  const rows: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row, r) => {
    const out: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      out[c - 1] = cellText(cell);
    });
    const cells = Array.from(out, (x) => x ?? '');
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    rows[r - 1] = cells;
  });
  return Array.from(rows, (x) => x ?? []);
}

/** The first sheet's rows of an XLSX file (sync callers: await it). */
export async function readXlsxRows(buf: Uint8Array, sheet?: string): Promise<string[][]> {
  return sheetRows(await readBook(buf), sheet);
}

/**
 * Evaluates a formula of the exports exactly (Dec): cell references (this sheet or 'Sheet'!), + − × ÷,
 * SUM(range), SUMIF(range, criterion, range) with a number or "<>n", ROUND(x, n) half away from zero,
 * IF(x=0,"",y). Referenced formula cells are evaluated in turn (not their cached values). Test-only.
 */
export function evaluate(wb: ExcelJS.Workbook, ws: ExcelJS.Worksheet, formula: string): Dec | null {
  const src = formula.replace(/\s+/g, '');
  let at = 0;
  const peek = () => src[at];
  const eat = (s: string) => {
    if (!src.startsWith(s, at)) throw new Error(`expected ${s} at ${at} in ${formula}`);
    at += s.length;
  };
  const sheetOf = (name?: string) => (name ? wb.getWorksheet(name.replace(/''/g, "'"))! : ws);
  const valueOf = (sheet: ExcelJS.Worksheet, addr: string): Dec | null => {
    const v = sheet.getCell(addr.replace(/\$/g, '')).value;
    if (v === null || v === undefined || v === '') return new Dec(0);
    if (typeof v === 'number') return new Dec(String(v));
    if (typeof v === 'object' && 'formula' in v) return evaluate(wb, sheet, v.formula ?? '');
    return null; // text
  };
  const cellsOf = (sheet: ExcelJS.Worksheet, from: string, to: string) => {
    const a = sheet.getCell(from.replace(/\$/g, ''));
    const b = sheet.getCell(to.replace(/\$/g, ''));
    const out: string[] = [];
    for (let r = Number(a.row); r <= Number(b.row); r++) for (let c = Number(a.col); c <= Number(b.col); c++) out.push(sheet.getCell(r, c).address);
    return { sheet, out };
  };
  const range = () => {
    const m = /^(?:'((?:[^']|'')+)'!)?(\$?[A-Z]+\$?\d+)(?::(\$?[A-Z]+\$?\d+))?/.exec(src.slice(at));
    if (!m) throw new Error(`expected a reference at ${at} in ${formula}`);
    at += m[0].length;
    return cellsOf(sheetOf(m[1]), m[2]!, m[3] ?? m[2]!);
  };
  function primary(): Dec | null {
    if (peek() === '(') {
      eat('(');
      const v = expr();
      eat(')');
      return v;
    }
    if (peek() === '-') {
      eat('-');
      return primary()!.negated();
    }
    const num = /^\d+(\.\d+)?/.exec(src.slice(at));
    if (num) {
      at += num[0].length;
      return new Dec(num[0]);
    }
    const fn = /^(SUMIF|SUM|ROUND|IF)\(/.exec(src.slice(at));
    if (fn) {
      at += fn[0].length;
      if (fn[1] === 'SUM') {
        const { sheet, out } = range();
        eat(')');
        return out.reduce((s, a) => s.plus(valueOf(sheet, a) ?? 0), new Dec(0));
      }
      if (fn[1] === 'SUMIF') {
        const crit = range();
        eat(',');
        const m = /^(?:"<>(\d+)"|(\d+))/.exec(src.slice(at))!;
        at += m[0].length;
        eat(',');
        const sum = range();
        eat(')');
        const want = new Dec(m[1] ?? m[2]!);
        const not = m[1] !== undefined;
        return crit.out.reduce((s, a, i) => {
          const k = valueOf(crit.sheet, a);
          const hit = k !== null && (not ? !k.equals(want) : k.equals(want));
          return hit ? s.plus(valueOf(sum.sheet, sum.out[i]!) ?? 0) : s;
        }, new Dec(0));
      }
      if (fn[1] === 'ROUND') {
        const x = expr();
        eat(',');
        const n = primary()!;
        eat(')');
        return x!.toDecimalPlaces(n.toNumber(), Dec.ROUND_HALF_UP);
      }
      const cond = expr();
      eat('=0,"",');
      const y = expr();
      eat(')');
      return cond!.isZero() ? null : y;
    }
    const r = range();
    return valueOf(r.sheet, r.out[0]!);
  }
  function term(): Dec | null {
    let v = primary();
    while (peek() === '*' || peek() === '/') {
      const op = src[at++];
      const w = primary();
      v = op === '*' ? v!.times(w!) : v!.div(w!);
    }
    return v;
  }
  function expr(): Dec | null {
    let v = term();
    while (peek() === '+' || peek() === '-') {
      const op = src[at++];
      const w = term();
      v = op === '+' ? v!.plus(w!) : v!.minus(w!);
    }
    return v;
  }
  const v = expr();
  if (at !== src.length) throw new Error(`unparsed ${src.slice(at)} in ${formula}`);
  return v;
}

/** Every formula of the book: its sheet, address, formula and cached result. */
export function formulas(wb: ExcelJS.Workbook): { sheet: ExcelJS.Worksheet; address: string; formula: string; result: unknown }[] {
  const out: { sheet: ExcelJS.Worksheet; address: string; formula: string; result: unknown }[] = [];
  for (const ws of wb.worksheets) {
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value;
        if (v && typeof v === 'object' && 'formula' in v) out.push({ sheet: ws, address: cell.address, formula: v.formula ?? '', result: v.result });
      }),
    );
  }
  return out;
}

/**
 * Formulas whose cached result differs from what they compute (exactly, see `evaluate`); [] when all agree.
 * exceljs reads a cached 0 back as no result, so a missing result counts as 0 (or as empty text).
 */
export function wrongFormulas(wb: ExcelJS.Workbook): string[] {
  const bad: string[] = [];
  for (const f of formulas(wb)) {
    const got = evaluate(wb, f.sheet, f.formula);
    const cached = f.result === undefined || f.result === '' ? null : f.result;
    const ok = got === null ? cached === null : (cached ?? 0) === got.toNumber();
    if (!ok) bad.push(`${f.sheet.name}!${f.address} =${f.formula}: cached ${String(cached)}, computes ${got === null ? 'empty' : got.toFixed()}`);
  }
  return bad;
}

/** A one-sheet book for import tests, written as the product writes its exports (exceljs): text and `{ n }` numbers. */
export function bookOf(sheet: string, rows: (string | null | { n: string })[][]): Promise<Uint8Array> {
  const cells = (row: (string | null | { n: string })[]) => row.map((c) => (c !== null && typeof c === 'object' ? { n: c.n, fmt: 'qty' as const } : c));
  return xlsxBytes({ sheets: [{ name: sheet, rows: rows.map((row) => ({ cells: cells(row) })) }] });
}
