import 'server-only';
import type { TemplateFields } from '@/lib/domain/docx/template';
import type { TemplateData } from '@/lib/domain/docx/values';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { WorkerRefusal } from '../../office/bounded-worker';
import { filledTemplate, templateFieldsOf, TIME_LIMIT_MS } from '../../office/parse';
import type { FilledTemplate } from '../../office/template-jobs';
import { resolveObject } from '../files/access';
import type { ObjectRow } from '../files/model';
import { readBytes } from '../files/store-bytes';

/** A template larger than this is refused (a DOCX with text and tables is far smaller). */
const MAX_TEMPLATE_BYTES = 20 * 1024 * 1024;

export interface LoadedTemplate {
  row: ObjectRow;
  /** The DOCX file as stored. */
  bytes: Uint8Array;
}

const notTemplate = (msg: string) => new ServiceError('VALIDATION_ERROR', msg, { fields: { fileId: msg } });

/** The caller's DOCX template (any file they may read), its bytes read; unpacked and parsed on the parse worker. */
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
  return { row, bytes };
}

/**
 * What the user sees when the parse worker refuses a template: a file that is no template — 422 on `fileId`; a
 * template past a bound or over the time — 422 «Шаблон слишком сложный: …»; a broken one or a value that does not
 * fit — 422 «Шаблон не заполнить: …»; a full queue — 429 with `Retry-After`.
 */
function templateRefusal(e: unknown): unknown {
  if (!(e instanceof WorkerRefusal)) return e;
  switch (e.kind) {
    case 'busy':
      return new ServiceError('RATE_LIMITED', 'Сервер сейчас обрабатывает другие шаблоны. Попробуйте ещё раз через минуту.', { headers: { 'Retry-After': '30' } });
    case 'slow':
      return new ServiceError(
        'VALIDATION_ERROR',
        `Шаблон слишком сложный: его не удалось обработать за ${TIME_LIMIT_MS / 1000} секунд. Уменьшите число полей или строк в списках.`,
      );
    case 'failed':
      return new ServiceError('VALIDATION_ERROR', 'Шаблон слишком сложный или повреждён: его не удалось обработать.');
    case 'refused':
      if (e.errorName === 'TemplateFileError') return notTemplate(e.message);
      if (e.errorName === 'TemplateTooComplex') return new ServiceError('VALIDATION_ERROR', e.message);
      return new ServiceError('VALIDATION_ERROR', `Шаблон не заполнить: ${e.message}`);
  }
}

/** The template's fields and loops, read on the parse worker. */
export async function readTemplateFields(t: LoadedTemplate): Promise<TemplateFields> {
  try {
    return await templateFieldsOf(t.bytes, t.row.name);
  } catch (e) {
    throw templateRefusal(e);
  }
}

/** The template filled with `data` and packed, on the parse worker. */
export async function fillTemplate(t: LoadedTemplate, data: TemplateData): Promise<FilledTemplate> {
  try {
    return await filledTemplate(t.bytes, t.row.name, data);
  } catch (e) {
    throw templateRefusal(e);
  }
}
