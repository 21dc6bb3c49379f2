'use client';

import { Dialog } from 'primereact/dialog';
import { useEffect, useEffectEvent, useState } from 'react';
import type { CallOutput } from '@/lib/contract';
import { formatDate } from '@/lib/domain/format/date';
import { userMessage } from '@/lib/client/messages';
import { useToast } from '@/components/layout/ToastProvider';
import { useConfirm } from '@/components/layout/use-confirm';
import { importApi, type ImportMapping } from '../api';
import { usePoll } from '../use-poll';
import { ImportFileStep, type Uploaded } from './ImportFileStep';
import { ImportMappingStep, type PreviewOptions } from './ImportMappingStep';
import { ImportProgress } from './ImportProgress';
import { ImportReviewStep } from './ImportReviewStep';
import { undoQuestion } from './undo-question';
import s from '../catalog.module.css';

const STEPS = ['Файл', 'Столбцы', 'Проверка', 'Применение'] as const;
type Step = 0 | 1 | 2 | 3;

type Status = CallOutput<'product', 'catalog/import/list'>['imports'][number];
/** States of background work: the status is asked again until it ends. */
const running = (st: Status) => st.state === 'parsing' || st.state === 'applying';

/**
 * Import of a supplier's price list: the file → column mapping (remembered per supplier) → reading in the
 * background with progress → review of uncertain matches and new items → preview of price changes → apply in the
 * background with progress (one transaction) → undo. Nothing in the catalogue changes before «Применить». The jobs
 * run on the server: opened again, the wizard picks up an apply still running, and offers the latest import.
 */
export function ImportWizard({ onClose, onApplied }: { onClose: () => void; onApplied: () => void }) {
  const toast = useToast();
  const confirm = useConfirm();
  const [step, setStep] = useState<Step>(0);
  const [uploaded, setUploaded] = useState<Uploaded | null>(null);
  // The key the status is polled under: a new one after each action that starts background work.
  const [pollKey, setPollKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reviewStamp, setReviewStamp] = useState(0);
  /** An import opened again (not uploaded in this wizard): the latest one, offered on the first step. */
  const [latest, setLatest] = useState<Status | null>(null);
  const [reopened, setReopened] = useState<string | null>(null);
  /** The apply just finished (announced once). */
  const [finished, setFinished] = useState<Status | null>(null);
  /** Progress of the apply as its call answered, until the first status. */
  const [started, setStarted] = useState<{ done: number; total: number }>({ done: 0, total: 0 });
  const importId = uploaded?.importId ?? reopened;
  const status = usePoll(
    pollKey,
    (_k, signal) => importApi.status(importId as string, signal),
    (st) => !running(st),
  );
  const st = status.data;
  const current = status.dataKey === pollKey && pollKey !== null;
  if (step === 1 && current && st?.state === 'ready' && pollKey.endsWith(':preview')) {
    setStep(2);
    setPollKey(`${importId}:ready`);
  }
  if (current && pollKey.endsWith(':apply') && st && st.state !== 'applying') {
    setPollKey(`${importId}:after-apply`);
    if (st.state === 'applied') setFinished(st);
    else setStep(2);
  }
  const open = (imp: Status) => {
    setUploaded(null);
    setReopened(imp.importId);
    setStep(imp.state === 'ready' ? 2 : 3);
    setPollKey(`${imp.importId}:open:${Date.now()}${imp.state === 'applying' ? ':apply' : ''}`);
  };
  const opened = useEffectEvent(open);
  // The latest import: one still being applied is opened at once, a ready or applied one is offered.
  useEffect(() => {
    const ctl = new AbortController();
    importApi.list(ctl.signal).then(
      ({ imports }) => {
        const last = imports[0];
        if (last?.state === 'applying') opened(last);
        else if (last && (last.state === 'ready' || last.state === 'applied')) setLatest(last);
      },
      () => undefined,
    );
    return () => ctl.abort();
  }, []);
  const announce = useEffectEvent((done: Status) => {
    if (done.applied) toast.show({ severity: 'success', summary: 'Прайс-лист применён', detail: `Цен: ${done.applied.prices}, новых позиций: ${done.applied.created}.` });
    onApplied();
  });
  useEffect(() => {
    if (finished) announce(finished);
  }, [finished]);

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
      setStarted({ done: r.done, total: r.total });
      setStep(3);
      setFinished(null);
      setPollKey(`${importId}:${Date.now()}:apply`);
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  /** «Отменить импорт» asks first, saying what will go (a specification's own prices stay as saved). */
  const askUndo = () => {
    confirm.ask({
      header: 'Отменить импорт?',
      message: undoQuestion(st?.importId === importId ? (st?.applied ?? null) : null),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Отменить импорт',
      rejectLabel: 'Оставить',
      acceptClassName: 'p-button-danger',
      defaultFocus: 'reject',
      accept: () => void undo(),
    });
  };
  const undo = async () => {
    if (!importId) return;
    setBusy(true);
    setError(null);
    try {
      const r = await importApi.undo(importId);
      toast.show({ severity: 'info', summary: 'Импорт отменён', detail: `Удалено цен: ${r.removed.prices}, позиций: ${r.removed.items}${r.removed.groups ? `, групп: ${r.removed.groups}` : ''}.` });
      setPollKey(`${importId}:undone:${Date.now()}`);
      onApplied();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  const parsing = step === 1 && pollKey !== null && (!current || st?.state === 'parsing');
  // From the click on «Применить» until the status says it ended (the first answers may still be the preview's).
  const applying = step === 3 && !!pollKey?.endsWith(':apply') && (!current || st?.state === 'applying');
  const progress = current && st ? st : started;
  const failed = current && (st?.state === 'failed' || st?.state === 'ready') ? st.error : null;
  return (
    <Dialog header="Импорт прайс-листа поставщика" visible onHide={onClose} style={{ width: 'min(72rem, 98vw)' }}>
      <ol className={s.steps} aria-label="Шаги импорта">
        {STEPS.map((label, i) => (
          <li key={label} aria-current={i === step ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      {step === 0 && latest && (
        <p className={s.toolbar} style={{ marginTop: 0 }}>
          <span>
            Последний импорт: «{latest.fileName}» от {formatDate(new Date(latest.createdAt))} — {latest.state === 'applied' ? 'применён' : 'проверен, не применён'}.
          </span>
          <button type="button" className="p-button p-button-sm p-button-text" onClick={() => open(latest)}>
            Открыть
          </button>
        </p>
      )}
      {step === 0 && (
        <ImportFileStep
          onUploaded={(u) => {
            setUploaded(u);
            setStep(1);
          }}
        />
      )}
      {step === 1 && uploaded && <ImportMappingStep uploaded={uploaded} busy={busy || parsing} onPreview={preview} onBack={() => setStep(0)} />}
      {parsing && st && current && <ImportProgress label="Читаем файл и сопоставляем строки" done={st.done} total={st.total} name="Ход чтения прайс-листа" />}
      {applying && <ImportProgress label="Применение" done={progress.done} total={progress.total} name="Ход применения прайс-листа" />}
      {step >= 2 && importId && st && st.importId === importId && (
        <ImportReviewStep
          importId={importId}
          state={applying ? 'applying' : st.state}
          summary={st.summary}
          applied={st.applied}
          stamp={`${reviewStamp}:${st.state}`}
          busy={busy}
          onResolved={() => {
            // The rows and the counts change: both are read again.
            setReviewStamp((n) => n + 1);
            setPollKey(`${importId}:resolved:${Date.now()}`);
          }}
          onApply={apply}
          onUndo={askUndo}
          onBack={
            uploaded
              ? () => {
                  setStep(1);
                  setPollKey(null);
                }
              : undefined
          }
        />
      )}
      {(error || failed || status.error) && (
        <p role="alert" className={s.error}>
          {error ?? failed ?? status.error}
        </p>
      )}
      {confirm.dialog}
    </Dialog>
  );
}
