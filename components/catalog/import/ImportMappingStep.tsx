'use client';

import { useState } from 'react';
import { moscowToday } from '@/lib/domain/format/date';
import type { ImportField } from '@/lib/schemas/catalog';
import type { ImportMapping } from '../api';
import { DateField } from '../DateField';
import { useVatOptions } from '../vat';
import type { Uploaded } from './ImportFileStep';
import s from '../catalog.module.css';

export interface PreviewOptions {
  headerRow: boolean;
  validFrom: string;
  vatIncluded: boolean;
  vatRate: string;
}

const FIELDS: { key: ImportField; label: string; required?: boolean }[] = [
  { key: 'name', label: 'Наименование', required: true },
  { key: 'price', label: 'Цена', required: true },
  { key: 'article', label: 'Артикул' },
  { key: 'unit', label: 'Единица' },
  { key: 'vatRate', label: 'Ставка НДС' },
  { key: 'group', label: 'Группа' },
  { key: 'type', label: 'Тип позиции' },
];

/** Step 2: which column holds what (with the first values of each column), the price date and VAT. */
export function ImportMappingStep({ uploaded, busy, onPreview, onBack }: { uploaded: Uploaded; busy: boolean; onPreview: (m: ImportMapping, o: PreviewOptions) => void; onBack: () => void }) {
  const [mapping, setMapping] = useState<Partial<ImportMapping>>(uploaded.mapping);
  const [opts, setOpts] = useState<PreviewOptions>({ headerRow: uploaded.headerRow, validFrom: moscowToday(), vatIncluded: uploaded.vat.vatIncluded, vatRate: uploaded.vat.vatRate });
  const [error, setError] = useState<string | null>(null);
  const vatOptions = useVatOptions(opts.vatRate);
  const vatHint =
    uploaded.vat.from === 'regime' ? `По режиму поставщика: ${uploaded.vat.regime}.` : uploaded.vat.from === 'last' ? 'Как в прошлом прайс-листе поставщика.' : null;
  const colName = (i: number) => {
    const c = uploaded.columns.find((x) => x.index === i);
    return c ? `${i + 1}. ${c.header || 'без заголовка'}` : `${i + 1}`;
  };
  const submit = () => {
    setError(null);
    if (mapping.name === undefined || mapping.price === undefined) return setError('Укажите столбцы «Наименование» и «Цена».');
    const used = Object.values(mapping).filter((v) => v !== undefined);
    if (new Set(used).size !== used.length) return setError('Один столбец выбран для двух полей.');
    onPreview(mapping as ImportMapping, opts);
  };
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <p style={{ marginTop: 0 }}>
        Поставщик: <b>{uploaded.supplier.name}</b>, файл «{uploaded.fileName}».
      </p>
      <div className={s.grid}>
        {FIELDS.map((f) => (
          <div className={s.field} key={f.key}>
            <label htmlFor={`map-${f.key}`}>
              {f.label}
              {f.required ? ' *' : ''}
            </label>
            <select
              id={`map-${f.key}`}
              className={s.select}
              value={mapping[f.key] ?? ''}
              onChange={(e) => setMapping((m) => ({ ...m, [f.key]: e.target.value === '' ? undefined : Number(e.target.value) }))}
            >
              <option value="">— нет —</option>
              {uploaded.columns.map((c) => (
                <option key={c.index} value={c.index}>
                  {colName(c.index)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className={s.field}>
          <label htmlFor="map-from">Цены действуют с</label>
          <DateField id="map-from" value={opts.validFrom} onChange={(validFrom) => setOpts((o) => ({ ...o, validFrom }))} />
        </div>
        <div className={s.field}>
          <label htmlFor="map-vat">НДС, если в файле нет столбца</label>
          <select id="map-vat" className={s.select} value={opts.vatRate} onChange={(e) => setOpts((o) => ({ ...o, vatRate: e.target.value }))}>
            {vatOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <label className={s.checkLabel}>
            <input type="checkbox" checked={opts.vatIncluded} onChange={(e) => setOpts((o) => ({ ...o, vatIncluded: e.target.checked }))} /> цены в файле с НДС
          </label>
          {vatHint && <small className={s.muted}>{vatHint}</small>}
        </div>
        <div className={s.field}>
          <span>&nbsp;</span>
          <label className={s.checkLabel}>
            <input type="checkbox" checked={opts.headerRow} onChange={(e) => setOpts((o) => ({ ...o, headerRow: e.target.checked }))} /> первая строка — заголовки
          </label>
        </div>
      </div>
      <div className={s.scroll} style={{ margin: '0.5rem 0' }}>
        <table className={s.table} aria-label="Первые строки файла">
          <thead>
            <tr>
              {uploaded.columns.map((c) => (
                <th key={c.index}>{colName(c.index)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: Math.max(0, ...uploaded.columns.map((c) => c.samples.length)) }, (_, r) => (
              <tr key={r}>
                {uploaded.columns.map((c) => (
                  <td key={c.index}>{c.samples[r] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      <div className={s.toolbar}>
        <button type="button" className="p-button p-button-text" onClick={onBack} disabled={busy}>
          Назад
        </button>
        <button type="submit" className="p-button" disabled={busy}>
          {busy ? 'Читаем файл…' : 'Дальше: проверка'}
        </button>
      </div>
    </form>
  );
}
