'use client';

import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { fieldLabel, isDerivedField, loopLabel } from '@/lib/domain/docx/labels';
import type { FieldType } from '@/lib/domain/docx/values';
import type { TemplateFieldsAnswer, TemplateFieldView } from '@/lib/schemas/templates';
import s from './templates.module.css';

const PLACEHOLDER: Record<FieldType, string> = { text: '', money: '0,00', date: 'ДД.ММ.ГГГГ' };

/** The id of a field's input (for the «Не заполнено» links). */
export const fieldId = (name: string) => `tpl-field-${name.replace(/[^\p{L}\p{N}_-]/gu, '-')}`;

type Rows = Record<string, string>[];

/** The template's placeholders by group («Своя компания», «Контрагент», «Итоги»…), each an input with its check. */
export function TemplateFieldGroups({
  groups,
  hasLoops,
  errors,
  valueOf,
  recalculated,
  onEdit,
}: {
  groups: { title: string; fields: TemplateFieldView[] }[];
  hasLoops: boolean;
  errors: Record<string, string>;
  valueOf: (f: TemplateFieldView) => string;
  /** Totals the server recalculates from the rows (not typed by hand). */
  recalculated: (f: TemplateFieldView) => boolean;
  onEdit: (f: TemplateFieldView, text: string) => void;
}) {
  return groups.map((g) => (
    <section key={g.title} className={s.card} aria-label={g.title}>
      <h2>{g.title}</h2>
      <div className={s.grid}>
        {g.fields.map((f) => {
          const err = errors[`values.${f.name}`];
          return (
            <label key={f.name} className={s.field}>
              <span>
                {fieldLabel(f.name)} <code className={s.muted}>{`{${f.name}}`}</code>
              </span>
              <InputText
                id={fieldId(f.name)}
                value={valueOf(f)}
                onChange={(e) => onEdit(f, e.target.value)}
                placeholder={recalculated(f) ? 'рассчитается по строкам' : isDerivedField(f.name) ? 'подберётся по ФИО' : PLACEHOLDER[f.type]}
                aria-label={fieldLabel(f.name)}
                invalid={!!err}
                inputMode={f.type === 'money' ? 'decimal' : undefined}
              />
              {err && <small className={s.error}>{err}</small>}
            </label>
          );
        })}
      </div>
      {g.title === 'Итоги' && hasLoops && <p className={s.muted}>Итоги пересчитываются по строкам таблицы, если не менять их вручную.</p>}
    </section>
  ));
}

/** The template's tables (`{#items}…{/items}`): rows to edit, add and delete. */
export function TemplateLoops({
  loops,
  errors,
  rowsOf,
  onRows,
}: {
  loops: TemplateFieldsAnswer['loops'];
  errors: Record<string, string>;
  rowsOf: (loop: string) => Rows;
  onRows: (loop: string, rows: Rows) => void;
}) {
  return loops.map((l) => {
    const list = rowsOf(l.name);
    const blank = Object.fromEntries(l.fields.map((f) => [f.name, '']));
    return (
      <section key={l.name} className={s.card} aria-label={loopLabel(l.name)}>
        <h2>{loopLabel(l.name)}</h2>
        <table className={s.rows}>
          <thead>
            <tr>
              {l.fields.map((f) => (
                <th key={f.name}>{fieldLabel(f.name)}</th>
              ))}
              <th aria-label="Действия" />
            </tr>
          </thead>
          <tbody>
            {list.map((row, i) => (
              <tr key={i}>
                {l.fields.map((f) => {
                  const err = errors[`loops.${l.name}.${i}.${f.name}`];
                  return (
                    <td key={f.name}>
                      <InputText
                        value={row[f.name] ?? ''}
                        onChange={(e) => onRows(l.name, list.map((r, j) => (j === i ? { ...r, [f.name]: e.target.value } : r)))}
                        placeholder={f.name === 'n' ? String(i + 1) : PLACEHOLDER[f.type]}
                        aria-label={`${fieldLabel(f.name)}, строка ${i + 1}`}
                        invalid={!!err}
                      />
                      {err && <small className={s.error}>{err}</small>}
                    </td>
                  );
                })}
                <td>
                  <Button
                    type="button"
                    icon="pi pi-trash"
                    text
                    severity="danger"
                    aria-label={`Удалить строку ${i + 1}`}
                    onClick={() => onRows(l.name, list.filter((_r, j) => j !== i))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <Button type="button" icon="pi pi-plus" label="Добавить строку" outlined onClick={() => onRows(l.name, [...list, { ...blank }])} />
        {l.name === 'items' && <p className={s.muted}>Сумма строки = цена × количество, если её не указать.</p>}
      </section>
    );
  });
}
