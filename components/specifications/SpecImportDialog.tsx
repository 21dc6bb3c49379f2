'use client';

import { Dialog } from 'primereact/dialog';
import { useMemo, useState } from 'react';
import type { MaterialLine } from '@/lib/domain/cost';
import { IMPORT_FIELDS, guessMapping, rowsToMaterials, type ColumnMapping, type ImportField } from '@/lib/domain/cost/import-materials';
import { userMessage } from '@/lib/client/messages';
import { specsApi } from './api';
import { newLineId } from './SpecEditor';
import s from './spec-editor.module.css';

/** A book as base64 for `specs/read-xlsx`. */
function toBase64(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

const colName = (i: number) => {
  let n = i + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
};

/**
 * «Импорт из XLSX»: the first sheet of a book is read on the server (`specs/read-xlsx`), the columns are
 * mapped to material fields (guessed from the header), the lines are checked and added to the
 * specification or replace its materials.
 */
export function SpecImportDialog({ onClose, onImport }: { onClose: () => void; onImport: (lines: MaterialLine[], replace: boolean) => void }) {
  const [rows, setRows] = useState<string[][] | null>(null);
  const [header, setHeader] = useState(true);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const r = await specsApi.readXlsx(toBase64(await file.arrayBuffer()));
      setRows(r.rows);
      setMapping(guessMapping(r.rows[0] ?? []));
    } catch (e) {
      setRows(null);
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const width = useMemo(() => Math.max(0, ...(rows ?? []).map((r) => r.length)), [rows]);
  const body = useMemo(() => (rows ? (header ? rows.slice(1) : rows) : []), [rows, header]);
  const missing = IMPORT_FIELDS.filter((f) => f.required && mapping[f.field] === undefined);
  // ids are made when the lines are added; the preview only counts and checks
  const result = useMemo(() => (missing.length ? null : rowsToMaterials(body, mapping, () => '', header ? 2 : 1)), [body, mapping, header, missing.length]);

  const setField = (field: ImportField, v: string) =>
    setMapping((m) => {
      const next = { ...m };
      if (v === '') delete next[field];
      else next[field] = Number(v);
      return next;
    });
  const apply = (replace: boolean) => {
    if (!result) return;
    onImport(result.materials.map((m) => ({ ...m, id: newLineId('m') })), replace);
    onClose();
  };

  return (
    <Dialog header="Импорт материалов из XLSX" visible onHide={onClose} style={{ width: '48rem', maxWidth: '95vw' }} modal>
      <div className={s.editor}>
        <label className={s.field}>
          Книга Excel (первый лист)
          <input type="file" accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" aria-label="Файл XLSX" disabled={busy} onChange={(e) => pick(e.target.files?.[0])} />
        </label>
        {error && (
          <p role="alert" className="p-error">
            {error}
          </p>
        )}
        {rows && (
          <>
            <label>
              <input type="checkbox" checked={header} onChange={(e) => setHeader(e.target.checked)} /> Первая строка — заголовки
            </label>
            <div className={s.header}>
              {IMPORT_FIELDS.map((f) => (
                <label key={f.field} className={s.field}>
                  {f.label}
                  {f.required ? ' *' : ''}
                  <select className={s.select} aria-label={`Столбец: ${f.label}`} value={mapping[f.field] ?? ''} onChange={(e) => setField(f.field, e.target.value)}>
                    <option value="">— не загружать —</option>
                    {Array.from({ length: width }, (_, i) => (
                      <option key={i} value={i}>
                        {colName(i)}
                        {header && rows[0]?.[i] ? ` — ${rows[0][i]}` : ''}
                      </option>
                    ))}
                  </select>
                </label>
              ))}
            </div>
            {missing.length > 0 && <p className="p-error">Укажите столбцы: {missing.map((f) => f.label).join(', ')}.</p>}
            {result && (
              <>
                <p aria-live="polite">
                  Будет загружено строк: <b data-testid="import-count">{result.materials.length}</b>
                  {result.skipped ? `, пустых пропущено: ${result.skipped}` : ''}
                  {result.errors.length ? `, с ошибками: ${result.errors.length}` : ''}.
                </p>
                {result.errors.length > 0 && (
                  <ul className={s.diff} aria-label="Ошибки импорта">
                    {result.errors.slice(0, 20).map((e) => (
                      <li key={e.line} className={s.removed}>
                        {e.message}
                      </li>
                    ))}
                    {result.errors.length > 20 && <li>… и ещё {result.errors.length - 20}</li>}
                  </ul>
                )}
                <table className={s.plain} aria-label="Первые строки">
                  <thead>
                    <tr>
                      <th>Наименование</th>
                      <th>Ед.</th>
                      <th>Нетто</th>
                      <th>Отходы, %</th>
                      <th>Цена</th>
                    </tr>
                  </thead>
                  <tbody>
                    {result.materials.slice(0, 5).map((m, i) => (
                      <tr key={i}>
                        <td>{m.name}</td>
                        <td>{m.unit}</td>
                        <td>{m.qty}</td>
                        <td>{m.wastePct || '—'}</td>
                        <td>{m.price || '—'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </>
            )}
            <div style={{ display: 'flex', gap: '0.5rem' }}>
              <button type="button" className="p-button p-button-sm" disabled={!result?.materials.length} onClick={() => apply(false)}>
                Добавить к материалам
              </button>
              <button type="button" className="p-button p-button-sm p-button-outlined" disabled={!result?.materials.length} onClick={() => apply(true)}>
                Заменить материалы
              </button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
