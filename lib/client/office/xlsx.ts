import { openZip } from './unzip';

/** An XLSX as sheets of text cells for a preview (values as stored; the first 500 rows × 50 columns). */
export interface Sheet {
  name: string;
  rows: string[][];
  truncated: boolean;
}

const MAX_ROWS = 500;
const MAX_COLS = 50;

const colIndex = (ref: string): number => {
  const letters = /^[A-Z]+/.exec(ref)?.[0] ?? 'A';
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
};

const parse = (xml: string) => new DOMParser().parseFromString(xml, 'application/xml');
const byTag = (el: Document | Element, tag: string) => Array.from(el.getElementsByTagNameNS('*', tag));

export async function readXlsx(buf: ArrayBuffer): Promise<Sheet[]> {
  const zip = openZip(buf);
  const workbook = await zip.text('xl/workbook.xml');
  if (!workbook) throw new Error('no xl/workbook.xml');
  const rels = parse((await zip.text('xl/_rels/workbook.xml.rels')) ?? '<Relationships/>');
  const target = new Map(byTag(rels, 'Relationship').map((r) => [r.getAttribute('Id') ?? '', r.getAttribute('Target') ?? '']));
  const sharedXml = await zip.text('xl/sharedStrings.xml');
  const shared = sharedXml ? byTag(parse(sharedXml), 'si').map((si) => byTag(si, 't').map((t) => t.textContent ?? '').join('')) : [];
  const sheets: Sheet[] = [];
  for (const s of byTag(parse(workbook), 'sheet')) {
    const rid = s.getAttributeNS('http://schemas.openxmlformats.org/officeDocument/2006/relationships', 'id') ?? s.getAttribute('r:id') ?? '';
    const t = target.get(rid);
    if (!t) continue;
    const path = t.startsWith('/') ? t.slice(1) : `xl/${t.replace(/^\.\//, '')}`;
    const xml = await zip.text(path);
    if (!xml) continue;
    const rows: string[][] = [];
    let truncated = false;
    for (const row of byTag(parse(xml), 'row')) {
      const r = Number(row.getAttribute('r') ?? rows.length + 1) - 1;
      if (r >= MAX_ROWS) {
        truncated = true;
        break;
      }
      while (rows.length <= r) rows.push([]);
      const cells = rows[r]!;
      for (const c of byTag(row, 'c')) {
        const col = colIndex(c.getAttribute('r') ?? 'A');
        if (col >= MAX_COLS) {
          truncated = true;
          continue;
        }
        const type = c.getAttribute('t');
        const v = byTag(c, 'v')[0]?.textContent ?? '';
        const value = type === 's' ? (shared[Number(v)] ?? '') : type === 'inlineStr' ? byTag(c, 't').map((x) => x.textContent ?? '').join('') : type === 'b' ? (v === '1' ? 'ИСТИНА' : 'ЛОЖЬ') : v;
        while (cells.length < col) cells.push('');
        cells[col] = value;
      }
    }
    sheets.push({ name: s.getAttribute('name') ?? `Лист ${sheets.length + 1}`, rows, truncated });
  }
  return sheets;
}
