import { isTextType } from '@/lib/domain/files/mime';
import { readDocx, type DocBlock } from '@/lib/client/office/docx';
import { readXlsx, type Sheet } from '@/lib/client/office/xlsx';
import type { FileObject } from '@/lib/schemas/files';

const TEXT_LIMIT = 2 * 1024 * 1024;
const OFFICE_LIMIT = 30 * 1024 * 1024;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What the viewer shows: by address (image, PDF), read here (text, CSV, DOCX, XLSX), or a download card. */
export type Preview =
  | { kind: 'image' | 'pdf' | 'card' }
  | { kind: 'text'; text: string; csv: string[][] | null }
  | { kind: 'docx'; blocks: DocBlock[] }
  | { kind: 'xlsx'; sheets: Sheet[] };

/** CSV with `;` or `,`, quotes doubled inside quoted fields. */
function parseCsv(text: string): string[][] {
  const sep = (text.split('\n')[0]?.split(';').length ?? 0) > (text.split('\n')[0]?.split(',').length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows.slice(0, 1000);
}

/** What the viewer shows for a file: images and PDF by their address, text, CSV, DOCX and XLSX read here (up to a size). */
export async function previewOf(object: FileObject, url: string, signal: AbortSignal): Promise<Preview> {
  const m = object.mime;
  const fetchBytes = async (limit: number) => {
    if (object.size > limit) return null;
    const res = await fetch(url, { credentials: 'same-origin', signal });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return res.arrayBuffer();
  };
  if (m.startsWith('image/') && m !== 'image/svg+xml') return { kind: 'image' };
  if (m === 'application/pdf') return { kind: 'pdf' };
  if (isTextType(m)) {
    const buf = await fetchBytes(TEXT_LIMIT);
    if (!buf) return { kind: 'card' };
    let text = new TextDecoder('utf-8').decode(buf);
    if (m === 'application/json') {
      try {
        text = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        /* shown as is */
      }
    }
    return { kind: 'text', text, csv: m === 'text/csv' ? parseCsv(text) : null };
  }
  if (m === DOCX) {
    const buf = await fetchBytes(OFFICE_LIMIT);
    return buf ? { kind: 'docx', blocks: await readDocx(buf) } : { kind: 'card' };
  }
  if (m === XLSX) {
    const buf = await fetchBytes(OFFICE_LIMIT);
    return buf ? { kind: 'xlsx', sheets: await readXlsx(buf) } : { kind: 'card' };
  }
  return { kind: 'card' };
}

