import 'server-only';
import { MAX_PART_CHARS, partTooLarge } from '@/lib/domain/docx/limits';
import { TemplateError } from '@/lib/domain/docx/template';
import { XmlParseError } from '@/lib/domain/docx/xml';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { unzip } from '../../zip';
import { resolveObject } from '../files/access';
import type { ObjectRow } from '../files/model';
import { readBytes } from '../files/store-bytes';

/** A template larger than this is refused (a DOCX with text and tables is far smaller). */
const MAX_TEMPLATE_BYTES = 20 * 1024 * 1024;

export interface LoadedTemplate {
  row: ObjectRow;
  /** Every entry of the package, in archive order. */
  entries: Map<string, Buffer>;
  /** The parts with placeholders: the document, then headers and footers. */
  partNames: string[];
  parts: string[];
}

const notTemplate = (msg: string) => new ServiceError('VALIDATION_ERROR', msg, { fields: { fileId: msg } });

/**
 * The caller's DOCX template (any file they may read): unpacked (at most 100 MB, which bounds a zip
 * bomb), its text parts decoded; a part over the engine's bound is refused before it is decoded.
 */
export async function loadTemplate(ctx: AppContext, userId: string, fileId: string): Promise<LoadedTemplate> {
  let row: ObjectRow;
  try {
    ({ row } = await resolveObject(ctx.db, userId, fileId, 'read'));
  } catch (e) {
    if (e instanceof ServiceError && e.code === 'NOT_FOUND') throw new ServiceError('NOT_FOUND', 'Шаблон не найден.');
    throw e;
  }
  if (row.kind !== 'file') throw notTemplate('Выберите файл DOCX, а не папку.');
  if (!/\.docx$/i.test(row.name)) throw notTemplate(`«${row.name}» — не документ Word (DOCX). Шаблоном может быть только файл .docx.`);
  const bytes = await readBytes(ctx, row, MAX_TEMPLATE_BYTES);
  if (!bytes) throw notTemplate('Шаблон больше 20 МБ — такой не обработать.');
  let entries: Map<string, Buffer>;
  try {
    entries = unzip(bytes, 100 * 1024 * 1024);
  } catch {
    throw notTemplate(`Файл «${row.name}» повреждён или не является документом DOCX.`);
  }
  const doc = entries.get('word/document.xml');
  if (!doc) throw notTemplate(`В файле «${row.name}» нет текста документа Word (word/document.xml).`);
  const partNames = ['word/document.xml', ...[...entries.keys()].filter((n) => /^word\/(header|footer)\d*\.xml$/.test(n)).sort()];
  // UTF-8 has at least one byte a character: a part within the byte bound is within the engine's.
  if (partNames.some((n) => entries.get(n)!.length > MAX_PART_CHARS)) throw notTemplate(partTooLarge);
  return { row, entries, partNames, parts: partNames.map((n) => entries.get(n)!.toString('utf8')) };
}

/** Engine errors (a broken template, a value that does not fit) as 422 with the Russian message. */
export function templateProblem<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TemplateError || e instanceof XmlParseError) throw new ServiceError('VALIDATION_ERROR', `Шаблон не заполнить: ${e.message}`);
    throw e;
  }
}
