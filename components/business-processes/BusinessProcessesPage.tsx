'use client';

import { useEffect, useMemo, useState } from 'react';
import { useAppRouter } from '@/components/layout/use-app-router';
import type { ProcessStep } from '@/lib/domain/business-processes';
import { stepsForEditing } from '@/lib/domain/cost/display';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import { workCentresApi } from '@/components/catalog/api';
import { processesApi, type LinkedSpec, type StoredProcess } from './api';
import { LinkedSpecs, ProcessFlow } from './ProcessFlow';
import { MissingProcess, ProcessList } from './ProcessList';
import { ProcessToolbar, ProcessTotals } from './ProcessToolbar';
import { StepsTable } from './StepsTable';
import { liveTotals, moveStep, newStep } from './steps';
import s from './processes.module.css';

const NO_SETS: StoredProcess[] = [];
const NO_LINKED: LinkedSpec[] = [];

/** `/business-processes/{setId?}`: the user's business processes on the left, the open one on the right. */
export function BusinessProcessesPage({ setId }: { setId?: string }) {
  const router = useAppRouter();
  const toast = useToast();
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<ProcessStep[]>([newStep()]);
  const [version, setVersion] = useState<number | undefined>();
  const [fields, setFields] = useState<Record<string, string>>({});
  /** The address names a process that is not in the user's list (deleted, someone else's, mistyped). */
  const [missing, setMissing] = useState(false);

  // Each answer of the list (the first, and again after a save) seeds the form with the open process.
  const list = useLoad(() => processesApi.list(), [setId], { keep: true });
  const sets = list.data ?? NO_SETS;
  const reload = list.reload;
  const [seeded, setSeeded] = useState<StoredProcess[] | undefined>();
  if (list.data && list.data !== seeded) {
    setSeeded(list.data);
    const open = list.data.find((x) => x.id === setId);
    setMissing(setId !== undefined && !open);
    if (open) {
      setName(open.name);
      // The server keeps numbers with a dot; the form shows them the Russian way.
      setSteps(stepsForEditing(open.steps));
      setVersion(open.version);
    }
  }
  const listFailure = list.failure;
  useEffect(() => {
    if (listFailure !== undefined) toast.show({ severity: 'error', summary: 'Не удалось загрузить наборы', detail: userMessage(listFailure) });
  }, [listFailure, toast]);

  // Specifications that take their operations from this process; a change in it marks them (none when unreadable).
  const linkedLoad = useLoad(() => processesApi.linked(setId as string), [setId, version], { enabled: setId !== undefined, keep: true });
  const linked = (linkedLoad.error === null && linkedLoad.data) || NO_LINKED;

  // Work centres a step may point at (none when they cannot be read: the steps keep their own rates).
  const centresLoad = useLoad((signal) => workCentresApi.list('no', signal), []);
  const workCentres = useMemo(() => centresLoad.data?.workCentres ?? [], [centresLoad.data]);

  const totals = useMemo(() => liveTotals(name, steps), [name, steps]);
  // Per-step totals for the flow diagram (when every number is filled in).
  const stepTotals = useMemo(() => (totals ? steps.map((st) => liveTotals(name, [st])) : null), [totals, name, steps]);

  const save = async () => {
    try {
      const set = await processesApi.save({ id: setId, version, name, steps });
      setFields({});
      setVersion(set.version);
      toast.show({ severity: 'success', summary: 'Набор процессов сохранён' });
      if (!setId) router.replace(`/business-processes/${set.id}`);
      else reload();
    } catch (e) {
      setFields(isApiError(e) ? (e.fields ?? {}) : {});
      toast.show({ severity: 'error', summary: 'Не удалось сохранить', detail: userMessage(e) });
    }
  };
  const remove = async () => {
    if (!setId) return;
    try {
      await processesApi.remove(setId);
      router.replace('/business-processes');
    } catch (e) {
      toast.show({ severity: 'error', summary: 'Не удалось удалить', detail: userMessage(e) });
    }
  };

  return (
    <div className={s.page}>
      <PageBreadcrumb items={missing ? [{ label: 'Бизнес-процессы', to: '/business-processes' }, 'Набор не найден'] : ['Бизнес-процессы']} />
      <ProcessList sets={sets} openId={setId} />
      {missing ? (
        <MissingProcess />
      ) : (
        <section className={s.main}>
          <h1>{setId ? name || 'Набор процессов' : 'Новый набор процессов'}</h1>
          <label className={s.field}>
            Название набора
            <input className={`p-inputtext p-component ${fields.name ? 'p-invalid' : ''}`} value={name} onChange={(e) => setName(e.target.value)} />
            {fields.name && <small className="p-error">{fields.name}</small>}
          </label>
          <StepsTable
            steps={steps}
            errors={fields}
            onPut={(i, patch) => setSteps((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)))}
            onMove={(from, to) => setSteps((xs) => moveStep(xs, from, to))}
            onRemove={(i) => setSteps((xs) => xs.filter((_, j) => j !== i))}
            workCentres={workCentres}
          />
          <ProcessToolbar onAddStep={() => setSteps((xs) => [...xs, newStep()])} onSave={save} onDelete={setId ? remove : undefined} />
          <ProcessTotals totals={totals} />
          {setId && <LinkedSpecs specs={linked} />}
          <ProcessFlow steps={steps} stepTotals={stepTotals} />
        </section>
      )}
    </div>
  );
}
