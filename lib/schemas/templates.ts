import { TEMPLATE_SAMPLE_IDS } from '@/lib/domain/docx/samples';
import type { FieldType } from '@/lib/domain/docx/values';
import { z } from './classic';
import { line } from './text';

/** Documents from DOCX templates: the calls `templates/fields` and `templates/generate`. */

const uuid = (what: string) => z.uuid({ error: `Неверный идентификатор ${what}.` });

export const templateSourcesSchema = z
  .object({
    fileId: z.string({ error: 'Укажите шаблон.' }).trim().min(1, { error: 'Укажите шаблон.' }).max(100),
    companyId: uuid('компании').optional(),
    counterpartyId: uuid('контрагента').optional(),
    scenarioId: uuid('сценария').optional(),
    specId: z.string().trim().min(1).max(100).optional(),
  })
  .refine((v) => !(v.scenarioId && v.specId), { error: 'Выберите либо сценарий, либо спецификацию.', path: ['specId'] });
export type TemplateSources = z.output<typeof templateSourcesSchema>;

const fieldValue = z.string({ error: 'Значение — строка.' }).max(10_000, { error: 'Не длиннее 10 000 знаков.' });
const names = z.string().max(200);

export const generateInputSchema = templateSourcesSchema.and(
  z.object({
    /** Values typed or changed by hand, by placeholder name (`doc.number`); they win over the sources. */
    values: z.record(names, fieldValue).default({}),
    /** Rows of loops typed by hand (`items`): replace the rows the sources give. */
    loops: z.record(names, z.array(z.record(names, fieldValue)).max(500, { error: 'Не больше 500 строк.' })).default({}),
    /** Name of the new document (default: the template's name, the counterparty and the date). */
    name: z.optional(line(255)),
    /** Folder of «Мои документы» to save into (default the top level). */
    root: z.string().trim().min(1).max(100).nullable().optional(),
  }),
);

export const addSampleSchema = z.object({
  sample: z.enum(TEMPLATE_SAMPLE_IDS, { error: `Образец: ${TEMPLATE_SAMPLE_IDS.join(', ')}.` }).default('invoice'),
  root: z.string().trim().min(1).max(100).nullable().optional(),
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
