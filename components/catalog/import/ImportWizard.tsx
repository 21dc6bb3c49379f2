'use client';

import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { useState } from 'react';
import { userMessage } from '@/lib/client/messages';
import { useToast } from '@/components/layout/ToastProvider';
import { importApi, type ImportMapping } from '../api';
import { usePoll } from '../use-poll';
import { ImportFileStep, type Uploaded } from './ImportFileStep';
import { ImportMappingStep, type PreviewOptions } from './ImportMappingStep';
import { ImportReviewStep } from './ImportReviewStep';
import s from '../catalog.module.css';

const STEPS = ['Файл', 'Столбцы', 'Проверка', 'Применение'] as const;
type Step = 0 | 1 | 2 | 3;

const pct = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);

/**
 * Import of a supplier's price list: the file → column mapping (remembered per supplier) → reading in the
 * background with progress → review of uncertain matches and new items → preview of price changes → apply (one
 * transaction) → undo. Nothing in the catalogue changes before «Применить».
 */
export function ImportWizard({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const toast = useToast();
  const [step, setStep] = useState<Step>(0);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  // The key the status is polled under: a new one after each action that starts background work.
  const [pollKey, setPollKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewStamp, setReviewStamp] = useState(0);
  const importId = uploaded?.importId ?? null;
  const status = usePoll(
    pollKey,
    (_k, signal) => importApi.status(importId as string, signal),
    (st) => st.state !== 'parsing',
  );
  const st = status.data;
  const current = status.dataKey === pollKey && pollKey !== null;
  if (step === 1 && current && st?.state === 'ready' && pollKey.endsWith(':preview')) {
    setStep(2);
    setPollKey(`${importId}:ready`);
  }

  const preview = async (mapping: ImportMapping, opts: PreviewOptions) => {
    if (!importId) return;
    setBusy(true);
    setError(null);
    try {
      await importApi.preview({ importId, mapping, ...opts });
      setPollKey(`${importId}:preview:${Date.now()}:preview`);
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (!importId) return;
    setBusy(true);
    setError(null);
    try {
      const r = await importApi.apply(importId);
      toast.show({ severity: 'success', summary: 'Прайс-лист применён', detail: `Цен: ${r.applied.prices}, новых позиций: ${r.applied.created}.` });
      setStep(3);
      setPollKey(`${importId}:applied:${Date.now()}`);
      onApplied();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const undo = async () => {
    if (!importId) return;
    setBusy(true);
    setError(null);
    try {
      const r = await importApi.undo(importId);
      toast.show({ severity: 'info', summary: 'Импорт отменён', detail: `Удалено цен: ${r.removed.prices}, позиций: ${r.removed.items}.` });
      setPollKey(`${importId}:undone:${Date.now()}`);
      onApplied();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const parsing = step === 1 && pollKey !== null && (!current || st?.state === 'parsing');
  const failed = current && st?.state === 'failed' ? st.error : null;
  return (
    <Dialog header="Импорт прайс-листа поставщика" visible onHide={onClose} style={{ width: 'min(72rem, 98vw)' }}>
      <ol className={s.steps} aria-label="Шаги импорта">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={i === step ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      {step === 0 && (
        <ImportFileStep
          onUploaded={(u) => {
            setUploaded(u);
            setStep(1);
          }}
        />
      )}
      {step === 1 && uploaded && <ImportMappingStep uploaded={uploaded} busy={busy || parsing} onPreview={preview} onBack={() => setStep(0)} />}
      {parsing && st && current && (
        <div role="status" aria-live="polite" style={{ marginTop: '0.75rem' }}>
          <p style={{ margin: '0 0 0.25rem' }}>
            Читаем файл и сопоставляем строки: {st.done.toLocaleString('ru-RU')} из {st.total.toLocaleString('ru-RU')}
          </p>
          <ProgressBar value={pct(st.done, st.total)} aria-label="Ход чтения прайс-листа" />
        </div>
      )}
      {step >= 2 && importId && st && (
        <ImportReviewStep
          importId={importId}
          state={st.state}
          summary={st.summary}
          stamp={`${reviewStamp}:${st.state}`}
          busy={busy}
          onResolved={() => {
            // The rows and the counts change: both are read again.
            setReviewStamp((n) => n + 1);
            setPollKey(`${importId}:resolved:${Date.now()}`);
          }}
          onApply={apply}
          onUndo={undo}
          onBack={() => {
            setStep(1);
            setPollKey(null);
          }}
        />
      )}
      {(error || failed || status.error) && (
        <p role="alert" className={s.error}>
          {error ?? failed ?? status.error}
        </p>
      )}
    </Dialog>
  );
}
