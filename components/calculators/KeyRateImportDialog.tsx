'use client';

import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef, useState } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import type { KeyRateStatus } from '@/lib/domain/calculators/key-rate-import';
import { formatPercent } from '@/lib/domain/money';
import { plural } from '@/lib/domain/words';
import { bytesToBase64 } from '@/lib/client/base64';
import { call } from '@/lib/client/call';
import { userMessage } from '@/lib/client/messages';
import type { CallOutput } from '@/lib/contract';
import s from './calculators.module.css';

type ImportAnswer = CallOutput<'product', 'calculators/rates/import-key-rate'>;

const STATUS: Record<KeyRateStatus, string> = {
  new: 'Новая — добавится',
  same: 'Уже в таблице',
  differs: 'На эту дату в таблице другая ставка — не меняется',
};

const rows = (n: number) => `${n} ${plural(n, ['строку', 'строки', 'строк'])}`;

/**
 * «Импорт из XLSX Банка России» (admin): the key-rate table exported from cbr.ru is read on the server
 * (`calculators/rates/import-key-rate`), shown as change points against the stored rows, and the new ones
 * are added on «Загрузить N строк».
 */
export function KeyRateImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [xlsx, setXlsx] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [applying, setApplying] = useState(false);
  const [fileName, setFileName] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setFileName(file.name);
    setBusy(true);
    setError(null);
    setDone(null);
    setPreview(null);
    try {
      const data = bytesToBase64(await file.arrayBuffer());
      setPreview(await call('product', 'calculators/rates/import-key-rate', { xlsx: data }));
      setXlsx(data);
    } catch (e) {
      setXlsx(null);
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    if (!xlsx) return;
    setBusy(true);
    setApplying(true);
    setError(null);
    try {
      const r = await call('product', 'calculators/rates/import-key-rate', { xlsx, apply: true });
      setPreview({ ...r, newCount: 0, changes: r.changes.map((c) => (c.status === 'new' ? { ...c, status: 'same', stored: c.value } : c)) });
      setDone(r.inserted > 0 ? `Добавлено: ${rows(r.inserted)}.` : 'Новых строк нет: таблица уже содержит эти ставки.');
      onImported();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
      setApplying(false);
    }
  };

  const count = (st: KeyRateStatus) => preview?.changes.filter((c) => c.status === st).length ?? 0;

  return (
    <Dialog header="Импорт ключевой ставки из XLSX Банка России" visible onHide={onClose} style={{ width: '46rem', maxWidth: '95vw' }} modal>
      <div className={s.page}>
        <p className={s.muted}>
          На сайте Банка России откройте «Ключевая ставка Банка России» (раздел «Базы данных»), выберите период и сохраните таблицу в Excel. Дни, когда
          ставка не менялась, сворачиваются: в таблицу ставок попадают только даты изменений, которых в ней ещё нет.
        </p>
        <div className={s.actions}>
          <Button type="button" icon="pi pi-file-excel" label="Выбрать файл XLSX" outlined disabled={busy} onClick={() => fileInput.current?.click()} />
          <span className={s.muted}>{fileName ?? 'Файл не выбран'}</span>
          <input
            ref={fileInput}
            type="file"
            hidden
            aria-label="Файл XLSX"
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              void pick(f);
            }}
          />
        </div>
        {error ? (
          <p className={s.error} role="alert">
            {error}
          </p>
        ) : null}
        {preview ? (
          <>
            <p role="status" aria-live="polite">
              Изменений ставки в файле: {preview.changes.length}; новых: {count('new')}; уже в таблице: {count('same')}
              {count('differs') ? `; с другой ставкой в таблице: ${count('differs')}` : ''}.
            </p>
            <div className={s.scroll}>
              <table className={s.table} aria-label="Изменения ключевой ставки из файла">
                <thead>
                  <tr>
                    <th>Действует с</th>
                    <th className={s.num}>Ставка</th>
                    <th className={s.num}>Было</th>
                    <th>Что будет</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.changes.map((c) => (
                    <tr key={c.effectiveFrom} className={c.status === 'new' ? s.newRow : undefined}>
                      <td>{formatIsoDate(c.effectiveFrom)}</td>
                      <td className={s.num}>{formatPercent(c.value)}</td>
                      <td className={s.num}>{c.stored === null ? '—' : formatPercent(c.stored)}</td>
                      <td>{STATUS[c.status]}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
        {done ? <p role="status">{done}</p> : null}
        <div className={s.actions}>
          <Button
            type="button"
            label={preview && preview.newCount > 0 ? `Загрузить ${rows(preview.newCount)}` : 'Загрузить'}
            icon="pi pi-upload"
            disabled={!preview || preview.newCount === 0 || busy}
            loading={applying}
            onClick={() => void apply()}
          />
          <Button type="button" label="Закрыть" severity="secondary" outlined onClick={onClose} />
        </div>
      </div>
    </Dialog>
  );
}
