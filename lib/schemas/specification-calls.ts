import { z } from './classic';
import { rootSchema } from './files';
import { processSetShape, specificationSchema } from './specification';

/**
 * Inputs of the specification and business-process calls. Apart from specification.ts, whose document
 * schemas the editor loads: these stay out of the browser until a form validates with them.
 */

export const specIdSchema = z.string({ error: 'Укажите спецификацию.' }).trim().min(1, { error: 'Укажите спецификацию.' }).max(100);
export const specVersionSchema = z
  .number({ error: 'Укажите номер версии.' })
  .int({ error: 'Номер версии — целое число.' })
  .min(1, { error: 'Номер версии — от 1.' });

/** One specification: `specs/history`, `specs/recalculate`, `specs/status`, `specs/where-used`. */
export const specIdInput = z.object({ id: specIdSchema });
export const createSpecificationInput = z.object({ doc: specificationSchema, root: rootSchema });
export const saveSpecificationInput = z.object({ id: specIdSchema, doc: specificationSchema, version: specVersionSchema.optional() });
export const getVersionInput = z.object({ id: specIdSchema, version: specVersionSchema });
export const restoreVersionInput = z.object({ id: specIdSchema, version: specVersionSchema, currentVersion: specVersionSchema.optional() });

/** At most this many specifications per `specs/costs` call: one page of the list. */
export const SPEC_COSTS_MAX = 100;
export const specCostsInput = z.object({
  ids: z
    .array(z.string({ error: 'Идентификатор спецификации — строка.' }).trim().min(1, { error: 'Укажите спецификацию.' }).max(100), {
      error: 'Передайте список идентификаторов спецификаций.',
    })
    .min(1, { error: 'Передайте хотя бы одну спецификацию.' })
    .max(SPEC_COSTS_MAX, { error: `Не больше ${SPEC_COSTS_MAX} спецификаций за один запрос.` }),
});

/**
 * `specs/pick`: one page of the caller's specifications by name for a picker (id, name, unit — never the
 * document), searched on the server. The page size is capped, so an answer stays small whatever the documents.
 */
export const SPEC_PICK_MAX = 50;
export const pickSpecificationsInput = z.object({
  search: z.string({ error: 'Поиск — строка.' }).max(200, { error: 'Не длиннее 200 знаков.' }).optional(),
  offset: z.number({ error: 'Укажите число.' }).int({ error: 'Целое число.' }).min(0, { error: 'Не меньше 0.' }).default(0),
  limit: z
    .number({ error: 'Укажите число.' })
    .int({ error: 'Целое число.' })
    .min(1, { error: 'Не меньше 1.' })
    .max(SPEC_PICK_MAX, { error: `Не больше ${SPEC_PICK_MAX} за раз.` })
    .default(20),
  /** These specifications instead of a page (a link names one): the readable ones, in the order given. */
  ids: z.array(specIdSchema).max(SPEC_PICK_MAX, { error: `Не больше ${SPEC_PICK_MAX} за раз.` }).optional(),
});

/** A book of at most 5 MB, as base64. */
export const MAX_SPEC_XLSX_BASE64 = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4;
export const readSpecificationXlsxInput = z.object({
  xlsx: z
    .string({ error: 'Выберите файл XLSX.' })
    .min(1, { error: 'Файл пустой.' })
    .max(MAX_SPEC_XLSX_BASE64, { error: 'Файл больше 5 МБ.' })
    .regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'Передайте книгу XLSX в base64.' }),
});

export const processIdSchema = z.uuid({ error: 'Неверный идентификатор набора процессов.' });
export const processIdInput = z.object({ id: processIdSchema });
export const listBusinessProcessesInput = z.object({});
export const saveBusinessProcessInput = z.object({
  ...processSetShape,
  id: processIdSchema.optional(),
  version: z.number().int().positive().optional(),
});
