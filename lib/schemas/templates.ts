import { TEMPLATE_SAMPLE_IDS } from '@/lib/domain/docx/samples';
import type { FieldType } from '@/lib/domain/docx/values';
import { line } from './text';
import * as z from './zod';

/** Documents from DOCX templates: the calls `templates/fields` and `templates/generate`. */

const uuid = (what: string) => z.uuid({ error: `Неверный идентификатор ${what}.` });
const ref = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(100));

export const templateSourcesSchema = z
  .object({
    fileId: z.string({ error: 'Укажите шаблон.' }).check(z.trim(), z.minLength(1, { error: 'Укажите шаблон.' }), z.maxLength(100)),
    companyId: z.optional(uuid('компании')),
    counterpartyId: z.optional(uuid('контрагента')),
    scenarioId: z.optional(uuid('сценария')),
    specId: z.optional(ref()),
  })
  .check(z.refine((v) => !(v.scenarioId && v.specId), { error: 'Выберите либо сценарий, либо спецификацию.', path: ['specId'] }));
export type TemplateSources = z.output<typeof templateSourcesSchema>;

const fieldValue = z.string({ error: 'Значение — строка.' }).check(z.maxLength(10_000, { error: 'Не длиннее 10 000 знаков.' }));
const names = z.string().check(z.maxLength(200));

export const generateInputSchema = z.intersection(
  templateSourcesSchema,
  z.object({
    /** Values typed or changed by hand, by placeholder name (`doc.number`); they win over the sources. */
    values: z._default(z.record(names, fieldValue), {}),
    /** Rows of loops typed by hand (`items`): replace the rows the sources give. */
    loops: z._default(z.record(names, z.array(z.record(names, fieldValue)).check(z.maxLength(500, { error: 'Не больше 500 строк.' }))), {}),
    /** Name of the new document (default: the template's name, the counterparty and the date). */
    name: z.optional(line(255)),
    /** Folder of «Мои документы» to save into (default the top level). */
    root: z.optional(z.nullable(ref())),
  }),
);

export const addSampleSchema = z.object({
  sample: z._default(z.enum(TEMPLATE_SAMPLE_IDS, { error: `Образец: ${TEMPLATE_SAMPLE_IDS.join(', ')}.` }), 'invoice'),
  root: z.optional(z.nullable(ref())),
});

/** A placeholder as the form shows it. */
export interface TemplateFieldView {
  name: string;
  type: FieldType;
  filters: string[];
  /** The value from the chosen sources, as text for the input (`''` when none). */
  value: string;
  /** Only inside conditions `{?x}…{/x}`: left empty, its phrase is left out of the document. */
  optional: boolean;
}

export interface TemplateLoopView {
  name: string;
  fields: TemplateFieldView[];
  /** Rows from the sources, by field name. */
  rows: Record<string, string>[];
}

export interface TemplateFieldsAnswer {
  template: { id: string; name: string };
  fields: TemplateFieldView[];
  loops: TemplateLoopView[];
}
