'use client';

import Link from 'next/link';
import { useAppRouter } from '@/components/layout/use-app-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { processTotals, type ProcessStep } from '@/lib/domain/cost';
import { stepsForEditing } from '@/lib/domain/cost/display';
import { formatMoney, formatNumber } from '@/lib/domain/money';
import { productApi } from '@/lib/client/api';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { useToast } from '@/components/layout/ToastProvider';
import s from './processes.module.css';

interface StoredSet {
  id: string;
  name: string;
  steps: ProcessStep[];
  version: number;
  totals: ReturnType<typeof processTotals>;
}

let seq = 0;
const newStep = (): ProcessStep => ({ id: `s${Date.now().toString(36)}${(seq++).toString(36)}`, name: '', time: '', timeUnit: 'мин', rate: '', workers: '1' });
const plainNumber = /^\d+(\.\d+)?$/;

/** Totals as you type: only when every number is filled in correctly (the server checks on save). */
function liveTotals(name: string, steps: ProcessStep[]) {
  const norm = (v?: string) => (v ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  const ok = (v?: string, optional = false) => (optional && !norm(v)) || plainNumber.test(norm(v));
  if (!steps.every((st) => ok(st.time) && ok(st.rate) && ok(st.workers, true) && ok(st.equipment?.machineRate, true) && ok(st.equipment?.powerKw, true) && ok(st.equipment?.tariff, true))) return null;
  const clean = steps.map((st) => ({
    ...st,
    time: norm(st.time),
    rate: norm(st.rate),
    workers: norm(st.workers) || undefined,
    equipment: st.equipment && { ...st.equipment, machineRate: norm(st.equipment.machineRate) || undefined, powerKw: norm(st.equipment.powerKw) || undefined, tariff: norm(st.equipment.tariff) || undefined },
  }));
  return processTotals({ name, steps: clean });
}

/** `/business-processes/{setId?}`: process sets on the left, the open set on the right. */
export function ProcessSetsPage({ setId }: { setId?: string }) {
  const router = useAppRouter();
  const toast = useToast();
  const [sets, setSets] = useState<StoredSet[]>([]);
  const [name, setName] = useState('');
  const [steps, setSteps] = useState<ProcessStep[]>([newStep()]);
  const [version, setVersion] = useState<number | undefined>();
  const [fields, setFields] = useState<Record<string, string>>({});
  /** The address names a set that is not in the user's list (deleted, someone else's, mistyped). */
  const [missing, setMissing] = useState(false);

  const reload = useCallback(() => {
    productApi<{ sets: StoredSet[] }>('processes/list', {}).then(
      (r) => {
        setSets(r.sets);
        const open = r.sets.find((x) => x.id === setId);
        setMissing(setId !== undefined && !open);
        if (open) {
          setName(open.name);
          // The server keeps numbers with a dot; the form shows them the Russian way.
          setSteps(stepsForEditing(open.steps));
          setVersion(open.version);
        }
      },
      (e) => toast.show({ severity: 'error', summary: 'Не удалось загрузить наборы', detail: userMessage(e) }),
    );
  }, [setId, toast]);
  useEffect(reload, [reload]);

  // Specifications that take their operations from this set; a change in the set marks them.
  const [linked, setLinked] = useState<{ id: string; name: string; stale: boolean }[]>([]);
  useEffect(() => {
    if (!setId) return;
    let live = true;
    productApi<{ specs: { id: string; name: string; stale: boolean }[] }>('processes/linked', { id: setId }).then(
      (r) => live && setLinked(r.specs),
      () => live && setLinked([]),
    );
    return () => {
      live = false;
    };
  }, [setId, version]);

  const totals = useMemo(() => liveTotals(name, steps), [name, steps]);
  const put = (i: number, patch: Partial<ProcessStep>) => setSteps((xs) => xs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  /** Moves step `from` to position `to` (buttons move by one; drag and drop anywhere). */
  const moveTo = (from: number, to: number) =>
    setSteps((xs) => {
      if (from === to || from < 0 || to < 0 || from >= xs.length || to >= xs.length) return xs;
      const out = [...xs];
      const [step] = out.splice(from, 1);
      out.splice(to, 0, step!);
      return out;
    });
  const move = (i: number, d: -1 | 1) => moveTo(i, i + d);
  const dragFrom = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  // Per-step totals for the flow diagram (when every number is filled in).
  const stepTotals = useMemo(() => (totals ? steps.map((st) => liveTotals(name, [st])) : null), [totals, name, steps]);

  const save = async () => {
    try {
      const r = await productApi<{ set: StoredSet }>('processes/save', { id: setId, version, name, steps });
      setFields({});
      setVersion(r.set.version);
      toast.show({ severity: 'success', summary: 'Набор процессов сохранён' });
      if (!setId) router.replace(`/business-processes/${r.set.id}`);
      else reload();
    } catch (e) {
      setFields(isApiError(e) ? (e.fields ?? {}) : {});
      toast.show({ severity: 'error', summary: 'Не удалось сохранить', detail: userMessage(e) });
    }
  };
  const remove = async () => {
    if (!setId) return;
    try {
      await productApi('processes/delete', { id: setId });
      router.replace('/business-processes');
    } catch (e) {
      toast.show({ severity: 'error', summary: 'Не удалось удалить', detail: userMessage(e) });
    }
  };
  const err = (k: string) => fields[k];

  return (
    <div className={s.page}>
      <PageBreadcrumb items={missing ? [{ label: 'Бизнес-процессы', to: '/business-processes' }, 'Набор не найден'] : ['Бизнес-процессы']} />
      <aside className={s.list}>
        <h2>Наборы процессов</h2>
        <Link href="/business-processes" className="p-button p-button-outlined p-button-sm">
          Новый набор
        </Link>
        <ul>
          {sets.map((x) => (
            <li key={x.id} className={x.id === setId ? s.active : undefined}>
              <Link href={`/business-processes/${x.id}`}>{x.name}</Link>
              <small>{formatMoney(x.totals.total)} за ед.</small>
            </li>
          ))}
        </ul>
      </aside>
      {missing ? (
        <section className={s.main} data-testid="process-set-missing">
          <h1>Набор не найден</h1>
          <p>Набора процессов по этой ссылке нет: его удалили, или ссылка неверна.</p>
          <p>
            <Link href="/business-processes" className="p-button p-button-sm">
              К наборам процессов
            </Link>
          </p>
        </section>
      ) : (
        <section className={s.main}>
          <h1>{setId ? name || 'Набор процессов' : 'Новый набор процессов'}</h1>
          <label className={s.field}>
            Название набора
            <input className={`p-inputtext p-component ${err('name') ? 'p-invalid' : ''}`} value={name} onChange={(e) => setName(e.target.value)} />
            {err('name') && <small className="p-error">{err('name')}</small>}
          </label>
          <table className={s.table}>
            <thead>
              <tr>
                <th>№</th>
                <th>Шаг</th>
                <th>Исполнитель</th>
                <th>Время на ед.</th>
                <th>Ставка, ₽/ч</th>
                <th>Работников</th>
                <th>Оборудование</th>
                <th>Маш.-ч, ₽</th>
                <th>кВт</th>
                <th>Тариф, ₽/кВт·ч</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {steps.map((st, i) => {
                const n = i + 1;
                const eq = st.equipment ?? {};
                const input = (label: string, value: string | undefined, onChange: (v: string) => void, key: string) => (
                  <input className={`p-inputtext p-component ${err(`steps.${i}.${key}`) ? 'p-invalid' : ''}`} aria-label={`Шаг ${n}: ${label}`} title={err(`steps.${i}.${key}`)} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />
                );
                return (
                  <tr
                    key={st.id}
                    className={dropAt === i ? s.dropTarget : undefined}
                    onDragOver={(e) => {
                      if (dragFrom.current === null) return;
                      e.preventDefault();
                      e.dataTransfer.dropEffect = 'move';
                      if (dropAt !== i) setDropAt(i);
                    }}
                    onDrop={(e) => {
                      e.preventDefault();
                      if (dragFrom.current !== null) moveTo(dragFrom.current, i);
                      dragFrom.current = null;
                      setDropAt(null);
                    }}
                  >
                    <td className={s.handleCell}>
                      <span
                        className={s.handle}
                        draggable
                        role="button"
                        aria-label={`Перетащить шаг ${n}`}
                        title="Перетащите, чтобы изменить порядок"
                        onDragStart={(e) => {
                          dragFrom.current = i;
                          e.dataTransfer.effectAllowed = 'move';
                          e.dataTransfer.setData('text/plain', String(i));
                        }}
                        onDragEnd={() => {
                          dragFrom.current = null;
                          setDropAt(null);
                        }}
                      >
                        <i className="pi pi-bars" aria-hidden="true" />
                      </span>
                      {n}
                    </td>
                    <td>{input('название', st.name, (v) => put(i, { name: v }), 'name')}</td>
                    <td>{input('исполнитель', st.role, (v) => put(i, { role: v }), 'role')}</td>
                    <td className={s.time}>
                      {input('время', st.time, (v) => put(i, { time: v }), 'time')}
                      <select aria-label={`Шаг ${n}: единица времени`} value={st.timeUnit} onChange={(e) => put(i, { timeUnit: e.target.value as 'мин' | 'ч' })}>
                        <option value="мин">мин</option>
                        <option value="ч">ч</option>
                      </select>
                    </td>
                    <td>{input('ставка', st.rate, (v) => put(i, { rate: v }), 'rate')}</td>
                    <td>{input('работников', st.workers, (v) => put(i, { workers: v }), 'workers')}</td>
                    <td>{input('оборудование', eq.name, (v) => put(i, { equipment: { ...eq, name: v } }), 'equipment.name')}</td>
                    <td>{input('ставка машино-часа', eq.machineRate, (v) => put(i, { equipment: { ...eq, machineRate: v } }), 'equipment.machineRate')}</td>
                    <td>{input('мощность, кВт', eq.powerKw, (v) => put(i, { equipment: { ...eq, powerKw: v } }), 'equipment.powerKw')}</td>
                    <td>{input('тариф', eq.tariff, (v) => put(i, { equipment: { ...eq, tariff: v } }), 'equipment.tariff')}</td>
                    <td className={s.rowActions}>
                      <button type="button" aria-label={`Шаг ${n} выше`} className="p-button p-button-text p-button-sm" onClick={() => move(i, -1)} disabled={i === 0}>
                        <i className="pi pi-arrow-up" aria-hidden="true" />
                      </button>
                      <button type="button" aria-label={`Шаг ${n} ниже`} className="p-button p-button-text p-button-sm" onClick={() => move(i, 1)} disabled={i === steps.length - 1}>
                        <i className="pi pi-arrow-down" aria-hidden="true" />
                      </button>
                      <button type="button" aria-label={`Удалить шаг ${n}`} className="p-button p-button-text p-button-danger p-button-sm" onClick={() => setSteps((xs) => xs.filter((_, j) => j !== i))}>
                        <i className="pi pi-trash" aria-hidden="true" />
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className={s.actions}>
            <button type="button" className="p-button p-button-outlined p-button-sm" onClick={() => setSteps((xs) => [...xs, newStep()])}>
              Добавить шаг
            </button>
            <button type="button" className="p-button" onClick={save}>
              Сохранить
            </button>
            {setId && (
              <button type="button" className="p-button p-button-danger p-button-outlined" onClick={remove}>
                Удалить набор
              </button>
            )}
          </div>
          <div className={s.totals} aria-live="polite">
            {totals ? (
              <>
                <span>Трудоёмкость: {formatNumber(totals.hours)} ч</span>
                <span>Зарплата: {formatMoney(totals.wages)}</span>
                <span>Оборудование: {formatMoney(totals.machine)}</span>
                <span>Энергия: {formatMoney(totals.energy)}</span>
                <b>Итого на ед.: {formatMoney(totals.total)}</b>
              </>
            ) : (
              <span className={s.muted}>Итоги появятся, когда все числа заполнены.</span>
            )}
          </div>
          {setId && linked.length > 0 && (
            <div className={s.linked}>
              <b>Спецификации с этим набором:</b>
              <ul aria-label="Спецификации с этим набором">
                {linked.map((x) => (
                  <li key={x.id}>
                    <Link href={`/specifications/create/${x.id}`}>{x.name}</Link>
                    {x.stale && <span className={s.stale}> — требует пересчёта</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className={s.flow} aria-label="Схема процесса">
            {steps.map((st, i) => (
              <div key={st.id} className={s.flowItem}>
                {i > 0 && <i className="pi pi-arrow-right" aria-hidden="true" />}
                <div className={s.box}>
                  <b>{st.name || `Шаг ${i + 1}`}</b>
                  <small>
                    {st.role ? `${st.role}, ` : ''}
                    {st.time || '—'} {st.timeUnit}
                    {st.workers && st.workers !== '1' ? ` × ${st.workers} чел.` : ''}
                  </small>
                  {stepTotals?.[i] && <small>{formatMoney(stepTotals[i]!.total)} за ед.</small>}
                </div>
              </div>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
