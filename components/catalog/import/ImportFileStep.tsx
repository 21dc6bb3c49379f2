'use client';

import { useState } from 'react';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import type { CallOutput } from '@/lib/contract';
import { importApi, type ImportMapping } from '../api';
import { SupplierPicker, type Supplier } from '../SupplierPicker';
import s from '../catalog.module.css';

/** The largest file taken (the server refuses more too). */
const MAX_BYTES = 20 * 1024 * 1024;

export interface Uploaded {
  importId: string;
  supplier: Supplier;
  fileName: string;
  columns: { index: number; header: string; samples: string[] }[];
  mapping: Partial<ImportMapping>;
  headerRow: boolean;
  /** With or without VAT to start with: by the supplier's tax regime, else its last import. */
  vat: CallOutput<'product', 'catalog/import/upload'>['vat'];
}

/** The file's bytes as base64 (in slices: a 20 MB file would overflow one `String.fromCharCode` call). */
function base64Of(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Step 1: the supplier (a company from «Компании») and the price list file, XLSX or CSV. */
export function ImportFileStep({ onUploaded }: { onUploaded: (u: Uploaded) => void }) {
  const [supplier, setSupplier] = useState<Supplier | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const upload = async () => {
    setError(null);
    if (!supplier) return setError('Выберите поставщика.');
    if (!file) return setError('Выберите файл XLSX или CSV.');
    if (file.size > MAX_BYTES) return setError('Файл больше 20 МБ.');
    setBusy(true);
    try {
      const r = await importApi.upload({ supplierId: supplier.id, fileName: file.name, data: base64Of(await file.arrayBuffer()) });
      onUploaded({ importId: r.importId, supplier, fileName: file.name, columns: r.columns, mapping: r.mapping, headerRow: r.headerRow, vat: r.vat });
    } catch (e) {
      setError(isApiError(e) && e.fields ? Object.values(e.fields).join(' ') : userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void upload();
      }}
    >
      <div className={s.grid}>
        <div className={s.field}>
          <label htmlFor="import-supplier">Поставщик</label>
          <SupplierPicker id="import-supplier" value={supplier} onChange={setSupplier} />
        </div>
        <div className={s.field}>
          <label htmlFor="import-file">Прайс-лист (XLSX или CSV, до 20 МБ)</label>
          <input
            id="import-file"
            type="file"
            className="p-inputtext p-component"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
      </div>
      <p className={s.muted}>Столбцы, выбранные для этого поставщика в прошлый раз, подставятся сами. До шага «Применить» номенклатура не меняется.</p>
      {error && (
        <p role="alert" className={s.error}>
          {error}
        </p>
      )}
      <button type="submit" className="p-button" disabled={busy}>
        {busy ? 'Загружаем…' : 'Дальше: столбцы'}
      </button>
    </form>
  );
}
