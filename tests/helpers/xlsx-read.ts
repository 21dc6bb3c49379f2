import { inflateRawSync } from 'node:zlib';

/** Entries of a ZIP (stored or deflated), by the local file headers. Test-only. */
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

const unesc = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The first sheet of an XLSX written with inline strings / numbers, as rows of cell texts keyed by column. */
export function readXlsxRows(buf: Uint8Array): string[][] {
  const sheet = unzip(buf).get('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Error('no sheet1.xml');
  const xml = sheet.toString('utf8');
  const rows: string[][] = [];
  for (const m of xml.matchAll(/<row r="(\d+)">(.*?)<\/row>/g)) {
    const row: string[] = [];
    for (const c of m[2]!.matchAll(/<c r="([A-Z]+)\d+"[^>]*>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)) {
      const col = c[1]!.split('').reduce((a, ch) => a * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      row[col] = unesc(c[2] ?? c[3] ?? '');
    }
    rows[Number(m[1]) - 1] = row;
  }
  return rows;
}
