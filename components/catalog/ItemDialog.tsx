'use client';

import { Dialog } from 'primereact/dialog';
import { DialogFooter } from '@/components/layout/DialogFooter';
import { Message } from 'primereact/message';
import { useState, type ReactNode } from 'react';
import { okeiCodeOf, OKEI_UNITS } from '@/lib/domain/cost/okei';
import { formatDecimalText } from '@/lib/domain/money';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import type { ItemType } from '@/lib/schemas/catalog';
import { useToast } from '@/components/layout/ToastProvider';
import { catalogApi, type CatalogGroup, type CatalogItem } from './api';
import { groupPaths } from './GroupTree';
import { ITEM_TYPE_OPTIONS } from './labels';
import s from './catalog.module.css';

interface Form {
  name: string;
  article: string;
  groupId: string;
  unit: string;
  okei: string;
  type: ItemType;
  wastePct: string;
  notes: string;
  sheet: boolean;
  sheetWidthMm: string;
  sheetHeightMm: string;
}

const show = (v: string | null | undefined) => (v ? formatDecimalText(v) : '');

const formOf = (i: CatalogItem | null): Form => ({
  name: i?.name ?? '',
  article: i?.article ?? '',
  groupId: i?.groupId ?? '',
  unit: i?.unit ?? 'шт',
  okei: i?.okei ?? '796',
  type: i?.type ?? 'material',
  wastePct: show(i?.wastePct),
  notes: i?.notes ?? '',
  sheet: Boolean(i?.sheetWidthMm),
  sheetWidthMm: show(i?.sheetWidthMm),
  sheetHeightMm: show(i?.sheetHeightMm),
});

function Field({ id, label, error, wide, children }: { id: string; label: string; error?: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`${s.field} ${wide ? s.wide : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <small id={`${id}-msg`} className={s.error} role="alert">
          {error}
        </small>
      )}
    </div>
  );
}

/**
 * Create or edit an item: name, артикул, group, unit with its ОКЕИ code, type, waste %, notes, the sheet size
 * of a sheet material. The server checks the fields (422 with Russian messages under them; 409 when the item
 * was changed elsewhere).
 */
export function ItemDialog({ item, groups, defaultGroupId, onClose, onSaved }: { item: CatalogItem | null; groups: CatalogGroup[]; defaultGroupId: string | null; onClose: () => void; onSaved: (item: CatalogItem) => void }) {
  const toast = useToast();
  const [form, setForm] = useState<Form>(() => ({ ...formOf(item), ...(item ? {} : { groupId: defaultGroupId ?? '' }) }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors({});
  };
  const input = (id: keyof Form, label: string, opts: { inputMode?: 'decimal'; wide?: boolean; maxLength?: number } = {}) => (
    <Field id={`item-${id}`} label={label} error={errors[id]} wide={opts.wide}>
      <input
        id={`item-${id}`}
        className={`p-inputtext p-component ${errors[id] ? 'p-invalid' : ''}`}
        value={form[id] as string}
        inputMode={opts.inputMode}
        maxLength={opts.maxLength}
        aria-invalid={errors[id] ? true : undefined}
        aria-describedby={errors[id] ? `item-${id}-msg` : undefined}
        onChange={(e) => set({ [id]: e.target.value } as Partial<Form>)}
      />
    </Field>
  );

  async function save() {
    setSaving(true);
    setMessage(null);
    const body = {
      name: form.name,
      article: form.article,
      groupId: form.groupId || null,
      unit: form.unit,
      okei: form.okei,
      type: form.type,
      wastePct: form.wastePct,
      notes: form.notes,
      sheetWidthMm: form.sheet ? form.sheetWidthMm : null,
      sheetHeightMm: form.sheet ? form.sheetHeightMm : null,
      preferredSupplierId: item?.preferredSupplierId ?? null,
      archived: item?.archived ?? false,
    };
    try {
      const r = item ? await catalogApi.update({ ...body, id: item.id, version: item.version }) : await catalogApi.create(body);
      toast.show({ severity: 'success', summary: item ? 'Позиция сохранена' : 'Позиция добавлена' });
      onSaved(r.item);
    } catch (e) {
      if (isApiError(e) && e.fields) {
        setErrors(e.fields);
        setMessage('Исправьте поля, отмеченные красным.');
      } else if (isApiError(e) && e.code === 'CONFLICT') {
        setMessage(`${e.message} Закройте окно и откройте позицию снова — правки из этого окна не сохранены.`);
      } else setMessage(userMessage(e));
    } finally {
      setSaving(false);
    }
  }

  const units = OKEI_UNITS.some((u) => u.short === form.unit) ? OKEI_UNITS : [...OKEI_UNITS, { code: form.okei, short: form.unit, name: form.unit }];
  return (
    <Dialog
      header={item ? `Позиция: ${item.name}` : 'Новая позиция'}
      visible
      onHide={onClose}
      style={{ width: 'min(48rem, 96vw)' }}
      footer={<DialogFooter label="Сохранить" onCancel={onClose} form="item-form" loading={saving} />}
    >
      <form
        id="item-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {message && <Message severity="error" text={message} style={{ marginBottom: '0.75rem' }} />}
        <div className={s.grid}>
          {input('name', 'Наименование', { wide: true, maxLength: 500 })}
          {input('article', 'Артикул', { maxLength: 100 })}
          <Field id="item-group" label="Группа" error={errors.groupId}>
            <select id="item-group" className={s.select} value={form.groupId} onChange={(e) => set({ groupId: e.target.value })}>
              <option value="">— без группы —</option>
              {groupPaths(groups).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="item-unit" label="Единица (код ОКЕИ)" error={errors.unit ?? errors.okei}>
            <select
              id="item-unit"
              className={s.select}
              value={form.unit}
              onChange={(e) => set({ unit: e.target.value, okei: okeiCodeOf(e.target.value) ?? '' })}
            >
              {units.map((u) => (
                <option key={`${u.code}-${u.short}`} value={u.short}>
                  {u.short} — {u.name}
                  {u.code ? ` (${u.code})` : ''}
                </option>
              ))}
            </select>
          </Field>
          <Field id="item-type" label="Тип" error={errors.type}>
            <select id="item-type" className={s.select} value={form.type} onChange={(e) => set({ type: e.target.value as ItemType })}>
              {ITEM_TYPE_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </Field>
          {input('wastePct', 'Отходы по умолчанию, %', { inputMode: 'decimal' })}
          <div className={`${s.field} ${s.wide}`}>
            <label className={s.checkLabel}>
              <input type="checkbox" checked={form.sheet} onChange={(e) => set({ sheet: e.target.checked })} /> Листовой материал
            </label>
          </div>
          {form.sheet && input('sheetWidthMm', 'Длина листа, мм', { inputMode: 'decimal' })}
          {form.sheet && input('sheetHeightMm', 'Ширина листа, мм', { inputMode: 'decimal' })}
          <Field id="item-notes" label="Примечание" error={errors.notes} wide>
            <textarea id="item-notes" className="p-inputtextarea p-inputtext p-component" rows={3} maxLength={5000} value={form.notes} onChange={(e) => set({ notes: e.target.value })} />
          </Field>
        </div>
      </form>
    </Dialog>
  );
}
