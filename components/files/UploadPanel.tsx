'use client';

import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { formatSize } from '@/lib/domain/files/format-size';
import type { UploadTask } from './useUploads';
import s from './files.module.css';

const STATE_TEXT: Record<UploadTask['state'], string> = {
  queued: 'в очереди',
  uploading: 'загружается',
  retrying: 'нет связи, повторяем…',
  done: 'загружен',
  error: 'ошибка',
  cancelled: 'отменён',
};

/** Progress of every file being uploaded and of all of them together; «Отменить» per file. */
export function UploadPanel({
  tasks,
  onCancel,
  onRetry,
  onSettle,
  onClear,
}: {
  tasks: UploadTask[];
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  /** A taken name: «Заменить» (the file there goes to the bin) or «Оставить оба» (a numbered name). */
  onSettle?: (key: string, choice: 'replace' | 'keep', conflict: NonNullable<UploadTask['conflict']>) => void;
  onClear: () => void;
}) {
  if (tasks.length === 0) return null;
  const active = tasks.filter((t) => t.state !== 'cancelled');
  const total = active.reduce((a, t) => a + t.total, 0);
  const loaded = active.reduce((a, t) => a + t.loaded, 0);
  const percent = total === 0 ? 100 : Math.floor((loaded / total) * 100);
  const busy = tasks.some((t) => t.state === 'queued' || t.state === 'uploading' || t.state === 'retrying');
  return (
    <section className={s.uploads} aria-label="Загрузка файлов">
      <div className={s.uploadsHead}>
        <strong>
          {busy ? 'Загрузка' : 'Загрузка завершена'}: {formatSize(loaded)} из {formatSize(total)}
        </strong>
        {!busy && <Button type="button" text size="small" label="Скрыть" onClick={onClear} />}
      </div>
      <ProgressBar value={percent} aria-label="Общий прогресс" showValue={false} style={{ height: '0.5rem' }} />
      <ul className={s.uploadList}>
        {tasks.map((t) => {
          const p = t.total === 0 ? (t.state === 'done' ? 100 : 0) : Math.floor((t.loaded / t.total) * 100);
          return (
            <li key={t.key} className={s.uploadItem} aria-label={`Загрузка ${t.name}`}>
              <div className={s.uploadName}>
                <span title={t.name}>{t.name}</span>
                <span className={s.muted}>
                  {t.state === 'error' && t.conflict ? 'название занято' : STATE_TEXT[t.state]}
                  {t.state === 'uploading' || t.state === 'retrying' ? ` · ${p} %` : ''}
                </span>
              </div>
              <ProgressBar value={p} aria-label={`Прогресс ${t.name}`} aria-valuenow={p} showValue={false} style={{ height: '0.35rem' }} />
              {t.error && (
                <div role="alert" className="p-error">
                  {t.error}
                </div>
              )}
              <div>
                {(t.state === 'queued' || t.state === 'uploading' || t.state === 'retrying') && (
                  <Button type="button" text size="small" severity="danger" label="Отменить" aria-label={`Отменить ${t.name}`} onClick={() => onCancel(t.key)} />
                )}
                {t.state === 'error' && t.conflict && onSettle ? (
                  <>
                    {t.conflict.existing?.kind === 'file' && (
                      <Button type="button" text size="small" severity="danger" label="Заменить" aria-label={`Заменить ${t.conflict.existing.name}`} onClick={() => onSettle(t.key, 'replace', t.conflict!)} />
                    )}
                    {t.conflict.suggested && (
                      <Button type="button" text size="small" label="Оставить оба" title={`Загрузить как «${t.conflict.suggested}»`} onClick={() => onSettle(t.key, 'keep', t.conflict!)} />
                    )}
                  </>
                ) : (
                  t.state === 'error' && <Button type="button" text size="small" label="Повторить" onClick={() => onRetry(t.key)} />
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
