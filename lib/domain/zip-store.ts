/**
 * A stored (uncompressed) ZIP of `files`, in the order given, with fflate (the zip library of the whole
 * project). The XLSX exports are written with exceljs (`lib/client/office/xlsx-book.ts`); this is for the
 * DOCX packages (`lib/domain/docx/package.ts`) and for test fixtures that need a hand-made archive.
 */
import { zipSync, type Zippable } from 'fflate';

/** Entries carry a fixed date, so the same files give the same bytes. */
const MTIME = new Date(1980, 0, 1);

/** A ZIP archive of `files` with the "stored" method. */
export function zipStore(files: { name: string; data: Uint8Array }[]): Uint8Array {
  const entries: Zippable = {};
  for (const f of files) entries[f.name] = f.data;
  return zipSync(entries, { level: 0, mtime: MTIME });
}
