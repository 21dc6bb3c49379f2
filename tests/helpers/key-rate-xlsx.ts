import { dayNumber } from '@/lib/domain/calculators/dates';
import { zipStore } from '@/lib/domain/zip-store';

/** A cell of the sample: a real Excel date cell (serial with a date style), a number, or text. */
export type SampleCell = { date: string } | { n: string } | string;

/** Excel's serial day number of an ISO date (1900 system: 2024-01-01 is 45292). */
export const excelSerial = (iso: string) => dayNumber(iso) + 25_569;

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const col = (i: number) => String.fromCharCode(65 + i);

/**
 * A workbook shaped like the key-rate export of Банк России as Excel saves it: shared strings for text, a
 * styles part whose second cell format is a date (numFmtId 14), date cells as serial numbers in that style.
 */
export function keyRateBook(rows: SampleCell[][]): Buffer {
  const shared: string[] = [];
  const sheetRows = rows
    .map((row, r) => {
      const cells = row
        .map((c, i) => {
          const ref = `${col(i)}${r + 1}`;
          if (typeof c === 'string') {
            shared.push(c);
            return `<c r="${ref}" t="s"><v>${shared.length - 1}</v></c>`;
          }
          if ('date' in c) return `<c r="${ref}" s="1"><v>${excelSerial(c.date)}</v></c>`;
          return `<c r="${ref}"><v>${c.n}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    })
    .join('');
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const files: Record<string, string> = {
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    '_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${xml}<workbook xmlns="${ns}" xmlns:r="${rel}"><sheets><sheet name="KeyRate" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    'xl/styles.xml': `${xml}<styleSheet xmlns="${ns}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `${xml}<sst xmlns="${ns}" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((t) => `<si><t>${esc(t)}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `${xml}<worksheet xmlns="${ns}"><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  const enc = new TextEncoder();
  return Buffer.from(zipStore(Object.entries(files).map(([name, text]) => ({ name, data: enc.encode(text) }))));
}

/** Working days (Mon–Fri) from `from` to `to`, newest first, each with the rate the `changes` give it. */
export function workingDays(from: string, to: string, changes: [string, string][]): [string, string][] {
  const out: [string, string][] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d += 1) {
    const iso = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const weekday = new Date(d * 86_400_000).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const rate = changes.filter(([at]) => at <= iso).at(-1)?.[1];
    if (rate) out.push([iso, rate]);
  }
  return out.reverse();
}
