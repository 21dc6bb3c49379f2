// No `server-only` marker: this runs on the parse worker's thread (parse-worker.mjs), outside a React server build.
import { MAX_PART_CHARS, partTooLarge } from '@/lib/domain/docx/limits';
import { listTemplateFields, renderTemplate, type TemplateFields } from '@/lib/domain/docx/template';
import type { TemplateData } from '@/lib/domain/docx/values';
import { unzip, zipEntries } from '../zip';

/**
 * The work on a DOCX template that grows with the file, done on the parse worker: unpacking (at most 100 MB, which
 * bounds a zip bomb), decoding the parts with placeholders (the document, then headers and footers; a part over
 * the engine's bound is refused before it is decoded), listing their fields, filling them and packing the result.
 */

/** The file is no DOCX template: the message is the user's (a 422 on `fileId`). */
export class TemplateFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TemplateFileError';
  }
}

interface TemplatePackage {
  /** Every entry of the package, in archive order. */
  entries: Map<string, Buffer>;
  partNames: string[];
  parts: string[];
}

function openTemplate(bytes: Uint8Array, fileName: string): TemplatePackage {
  let entries: Map<string, Buffer>;
  try {
    entries = unzip(bytes, 100 * 1024 * 1024);
  } catch {
    throw new TemplateFileError(`Файл «${fileName}» повреждён или не является документом DOCX.`);
  }
  const doc = entries.get('word/document.xml');
  if (!doc) throw new TemplateFileError(`В файле «${fileName}» нет текста документа Word (word/document.xml).`);
  const partNames = ['word/document.xml', ...[...entries.keys()].filter((n) => /^word\/(header|footer)\d*\.xml$/.test(n)).sort()];
  // UTF-8 has at least one byte a character: a part within the byte bound is within the engine's.
  if (partNames.some((n) => entries.get(n)!.length > MAX_PART_CHARS)) throw new TemplateFileError(partTooLarge);
  return { entries, partNames, parts: partNames.map((n) => entries.get(n)!.toString('utf8')) };
}

/** The template's fields and loops (see `listTemplateFields`). */
export const templateFields = (bytes: Uint8Array, fileName: string): TemplateFields => listTemplateFields(openTemplate(bytes, fileName).parts);

export interface FilledTemplate {
  /** The filled package (DOCX). */
  bytes: Uint8Array;
  /** Placeholders left empty. */
  missing: string[];
}

/** The template filled with `data`, packed as a DOCX. */
export async function fillTemplate(bytes: Uint8Array, fileName: string, data: TemplateData): Promise<FilledTemplate> {
  const t = openTemplate(bytes, fileName);
  const { parts, missing } = renderTemplate(t.parts, data);
  const filled = new Map(t.entries);
  t.partNames.forEach((n, i) => filled.set(n, Buffer.from(parts[i]!, 'utf8')));
  const out = await zipEntries(filled);
  return { bytes: new Uint8Array(out.buffer, out.byteOffset, out.byteLength), missing };
}
