import { parentFolderSchema } from './files';
import { processSetShape, specificationSchema } from './specification';
import * as z from './zod';

/** Inputs of the specification and business-process calls; the document schemas are in specification.ts. */

export const specIdSchema = z
  .string({ error: 'Укажите спецификацию.' })
  .check(z.trim(), z.minLength(1, { error: 'Укажите спецификацию.' }), z.maxLength(100));
export const specVersionSchema = z
  .number({ error: 'Укажите номер версии.' })
  .check(z.refine(Number.isSafeInteger, { error: 'Номер версии — целое число.' }), z.minimum(1, { error: 'Номер версии — от 1.' }));

/** One specification: `specs/history`, `specs/recalculate`, `specs/status`, `specs/where-used`. */
export const specIdInput = z.object({ id: specIdSchema });
export const createSpecificationInput = z.object({ doc: specificationSchema, root: parentFolderSchema });
export const saveSpecificationInput = z.object({ id: specIdSchema, doc: specificationSchema, version: z.optional(specVersionSchema) });
export const getVersionInput = z.object({ id: specIdSchema, version: specVersionSchema });
export const restoreVersionInput = z.object({ id: specIdSchema, version: specVersionSchema, currentVersion: z.optional(specVersionSchema) });

/** At most this many specifications per `specs/costs` call: one page of the list. */
export const SPEC_COSTS_MAX = 100;
export const specCostsInput = z.object({
  ids: z
    .array(
      z.string({ error: 'Идентификатор спецификации — строка.' }).check(z.trim(), z.minLength(1, { error: 'Укажите спецификацию.' }), z.maxLength(100)),
      { error: 'Передайте список идентификаторов спецификаций.' },
    )
    .check(
      z.minLength(1, { error: 'Передайте хотя бы одну спецификацию.' }),
      z.maxLength(SPEC_COSTS_MAX, { error: `Не больше ${SPEC_COSTS_MAX} спецификаций за один запрос.` }),
    ),
});

/**
 * `specs/pick`: one page of the caller's specifications by name for a picker (id, name, unit — never the
 * document), searched on the server. The page size is capped, so an answer stays small whatever the documents.
 */
export const SPEC_PICK_MAX = 50;
const wholeNumber = () => z.number({ error: 'Укажите число.' }).check(z.refine(Number.isSafeInteger, { error: 'Целое число.' }));
export const pickSpecificationsInput = z.object({
  search: z.optional(z.string({ error: 'Поиск — строка.' }).check(z.maxLength(200, { error: 'Не длиннее 200 знаков.' }))),
  offset: z._default(wholeNumber().check(z.minimum(0, { error: 'Не меньше 0.' })), 0),
  limit: z._default(
    wholeNumber().check(z.minimum(1, { error: 'Не меньше 1.' }), z.maximum(SPEC_PICK_MAX, { error: `Не больше ${SPEC_PICK_MAX} за раз.` })),
    20,
  ),
  /** These specifications instead of a page (a link names one): the readable ones, in the order given. */
  ids: z.optional(z.array(specIdSchema).check(z.maxLength(SPEC_PICK_MAX, { error: `Не больше ${SPEC_PICK_MAX} за раз.` }))),
});

/** A book of at most 5 MB, as base64. */
export const MAX_SPEC_XLSX_BASE64 = Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4;
export const readSpecificationXlsxInput = z.object({
  xlsx: z
    .string({ error: 'Выберите файл XLSX.' })
    .check(
      z.minLength(1, { error: 'Файл пустой.' }),
      z.maxLength(MAX_SPEC_XLSX_BASE64, { error: 'Файл больше 5 МБ.' }),
      z.regex(/^[A-Za-z0-9+/=\s]*$/, { error: 'Передайте книгу XLSX в base64.' }),
    ),
});

export const processIdSchema = z.uuid({ error: 'Неверный идентификатор набора процессов.' });
export const processIdInput = z.object({ id: processIdSchema });
export const listBusinessProcessesInput = z.object({});
export const saveBusinessProcessInput = z.object({
  ...processSetShape,
  id: z.optional(processIdSchema),
  version: z.optional(z.int().check(z.positive())),
});
