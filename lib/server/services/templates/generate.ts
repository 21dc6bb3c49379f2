import 'server-only';
import { agreeParty, invoiceTotals } from '@/lib/domain/docx/data';
import { isDate, parseFieldInput, setValueAt, valueAt, type TemplateData, type TemplateValue } from '@/lib/domain/docx/values';
import { nameProblem } from '@/lib/domain/files/names';
import { generateInputSchema } from '@/lib/schemas/templates';
import type { FieldErrors } from '@/lib/schemas/envelope';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { recordActivity } from '../activity/record';
import { requireUser } from '../auth/require-user';
import { storeBytes } from '../files/store-bytes';
import { fieldType } from './fields';
import { fillTemplate, loadTemplate, readTemplateFields } from './load-template';
import { sourceData } from './template-data';
import { formatIsoDate } from '@/lib/domain/format/date';

const isGroup = (v: TemplateValue | undefined): v is TemplateData => typeof v === 'object' && v !== null && !Array.isArray(v);

/** «Счёт на оплату — ООО «Ромашка» — 22.11.2026.docx». */
function defaultName(templateName: string, data: TemplateData): string {
  const base = templateName.replace(/\.docx$/i, '');
  const who = valueAt(data, 'counterparty.name');
  const d = valueAt(data, 'doc.date');
  const day = isDate(d) ? formatIsoDate(d.$date) : '';
  return [base, typeof who === 'string' && who ? who : '', day].filter(Boolean).join(' — ').slice(0, 250) + '.docx';
}

/**
 * `templates/generate {fileId, sources…, values?, loops?, name?, root?}` → `{object, missing}`: the
 * template filled with the sources' values, the hand-typed ones on top, saved as a new file of
 * «Мои документы». Values that do not fit their type → 422 with `fields` (`values.doc.date`,
 * `loops.items.0.price`). Invoice rows typed by hand get their amounts and `totals` recomputed.
 */
export const generateDocumentCall = defineCall({
  input: generateInputSchema,
  maxBody: 4 * 1024 * 1024,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const t = await loadTemplate(ctx, user.id, input.fileId);
    const listed = await readTemplateFields(t);
    const { data, vatRatePct } = await sourceData(ctx, user.id, input);
    const errors: FieldErrors = {};
    const loopsByName = new Map(listed.loops.map((l) => [l.name, l]));
    const fieldsByName = new Map(listed.fields.map((f) => [f.name, f]));

    for (const [name, rows] of Object.entries(input.loops)) {
      const loop = loopsByName.get(name);
      if (!loop) continue;
      const autoRows = valueAt(data, name);
      const first = Array.isArray(autoRows) && isGroup(autoRows[0]) ? autoRows[0] : undefined;
      const loopFields = new Map(loop.fields.map((f) => [f.name, f]));
      // What each row holds, not every field of the loop for every row: the work is as large as the input.
      const filled = rows.map((row, i) => {
        const item: TemplateData = {};
        for (const [fieldName, text] of Object.entries(row)) {
          const f = loopFields.get(fieldName);
          if (!f || text.trim() === '') continue; // empty: looked up outside the row, or left empty
          const r = parseFieldInput(text, fieldType(f, first ? valueAt(first, f.name) : undefined));
          if (r.ok) setValueAt(item, f.name, r.value);
          else errors[`loops.${name}.${i}.${f.name}`] = r.msg;
        }
        return item;
      });
      setValueAt(data, name, filled);
    }
    if (input.loops.items) {
      const { items, totals } = invoiceTotals((data.items as TemplateData[]) ?? [], vatRatePct);
      data.items = items;
      data.totals = totals;
    }
    for (const [name, text] of Object.entries(input.values)) {
      const f = fieldsByName.get(name);
      if (!f) continue;
      const r = parseFieldInput(text, fieldType(f, valueAt(data, name)));
      if (r.ok) setValueAt(data, name, r.value);
      else errors[`values.${name}`] = r.msg;
    }
    // «именуемое/именуемый», «действующего/действующей» follow the names as typed (unless typed themselves).
    for (const party of ['company', 'counterparty'] as const) {
      const g = data[party];
      const typed = Object.entries(input.values).filter(([k, v]) => k.startsWith(`${party}.`) && v.trim() !== '');
      if (isGroup(g)) agreeParty(g, new Set(typed.map(([k]) => k.slice(party.length + 1))));
    }
    const name = input.name || defaultName(t.row.name, data);
    const problem = nameProblem(name);
    if (problem) errors.name = problem;
    if (Object.keys(errors).length > 0) throw new ServiceError('VALIDATION_ERROR', 'Проверьте введённые значения.', { fields: errors });

    const { bytes, missing } = await fillTemplate(t, data);
    const docName = /\.docx$/i.test(name) ? name : `${name}.docx`;
    const object = await storeBytes(ctx, user.id, { name: docName, type: 'documents', root: input.root, bytes });
    recordActivity(ctx, user.id, 'document.generated', object.id);
    return { msg: `Документ «${docName}» сохранён в «Мои документы»`, object, missing };
  },
});
