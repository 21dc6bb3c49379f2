import 'server-only';
import type { TemplateField } from '@/lib/domain/docx/template';
import { inputTextOf, typeOfValue, valueAt, type TemplateData, type TemplateValue } from '@/lib/domain/docx/values';
import { templateSourcesSchema, type TemplateFieldView, type TemplateLoopView } from '@/lib/schemas/templates';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { loadTemplate, readTemplateFields } from './load-template';
import { sourceData } from './template-data';

const asRows = (v: TemplateValue | undefined): TemplateData[] =>
  Array.isArray(v) ? v.filter((x): x is TemplateData => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];

/** A field's input type: the type of its value from the sources, else what its formats ask for. */
export const fieldType = (f: TemplateField, v: TemplateValue | undefined) => typeOfValue(v) ?? f.type;

/**
 * `templates/fields {fileId, companyId?, counterpartyId?, scenarioId? | specId?}` → the template's
 * placeholders with the values the sources give (`fields`), and its loops with their rows (`loops`).
 */
export const templateFieldsCall = defineCall({
  input: templateSourcesSchema,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const t = await loadTemplate(ctx, user.id, input.fileId);
    const listed = await readTemplateFields(t);
    const { data } = await sourceData(ctx, user.id, input);
    const fields: TemplateFieldView[] = listed.fields.map((f) => {
      const v = valueAt(data, f.name);
      return { name: f.name, type: fieldType(f, v), filters: f.filters, value: inputTextOf(v), optional: f.optional };
    });
    const loops: TemplateLoopView[] = listed.loops.map((l) => {
      const rows = asRows(valueAt(data, l.name));
      return {
        name: l.name,
        fields: l.fields.map((f) => ({
          name: f.name,
          type: fieldType(f, rows[0] ? valueAt(rows[0], f.name) : undefined),
          filters: f.filters,
          value: '',
          optional: f.optional,
        })),
        rows: rows.map((r) => Object.fromEntries(l.fields.map((f) => [f.name, inputTextOf(valueAt(r, f.name))]))),
      };
    });
    return { msg: 'Поля шаблона', template: { id: t.row.id, name: t.row.name }, fields, loops };
  },
});
