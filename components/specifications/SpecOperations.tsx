'use client';

import Link from 'next/link';
import { memo, useMemo } from 'react';
import { operationsOfSet } from '@/lib/domain/business-processes';
import type { MaterialLine, Operation } from '@/lib/domain/cost';
import { formatNumber, parseDecimal } from '@/lib/domain/money';
import { outputScope, type LinkableSet, type RowProps } from './spec-lines';
import s from './spec-editor.module.css';

/** Column titles of an operations table (the spec's own and the linked process set's). */
export const OPERATION_HEADERS = ['№', 'Операция', 'Часы', 'Ставка, ₽/ч', 'Машино-часы', 'Ставка маш.-ч, ₽'];
/** The operations columns that are quantities (for the whole output, as the material «Нетто»). */
export const OPERATION_QTY = new Set(['Часы', 'Машино-часы']);

export function QtyHeader({ label, scope }: { label: string; scope: string }) {
  return (
    <th title={`Количество ${scope}`}>
      {label}
      <small className={s.qtyScope}>{scope}</small>
    </th>
  );
}

export const OperationRow = memo(function OperationRow({ index, line, errors, onChange, onRemove }: RowProps<Operation>) {
  const err = (f: string) => errors[`operations.${index}.${f}`];
  const put = (patch: Partial<Operation>) => onChange(index, patch);
  const n = index + 1;
  const cell = (f: 'hours' | 'rate' | 'machineHours' | 'machineRate', label: string) => (
    <td>
      <input className={`p-inputtext p-component ${s.narrow} ${err(f) ? 'p-invalid' : ''}`} inputMode="decimal" aria-label={`Операция ${n}: ${label}`} value={line[f] ?? ''} onChange={(e) => put({ [f]: e.target.value })} title={err(f)} />
    </td>
  );
  return (
    <tr>
      <td className={s.num}>{n}</td>
      <td>
        <input className={`p-inputtext p-component ${err('name') ? 'p-invalid' : ''}`} aria-label={`Операция ${n}: название`} value={line.name} onChange={(e) => put({ name: e.target.value })} title={err('name')} />
      </td>
      {cell('hours', 'часы')}
      {cell('rate', 'ставка')}
      {cell('machineHours', 'машино-часы')}
      {cell('machineRate', 'ставка машино-часа')}
      <td>
        <button type="button" className="p-button p-button-text p-button-danger p-button-sm" aria-label={`Удалить операцию ${n}`} onClick={() => onRemove(index)}>
          <i className="pi pi-trash" aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
});

/** The operations (and energy lines) a linked set gives the calculation, as the server derives them. */
function setOperations(set: LinkableSet, outputQty: string | undefined): { operations: Operation[]; energy: MaterialLine[] } {
  const steps = set.steps ?? [];
  try {
    return operationsOfSet({ name: set.name, steps }, outputQty?.trim() || '1');
  } catch {
    try {
      return operationsOfSet({ name: set.name, steps }, '1');
    } catch {
      return { operations: [], energy: [] };
    }
  }
}

const ru = (v: string | undefined) => {
  if (v === undefined || v === '') return '';
  const r = parseDecimal(v);
  return r.ok ? formatNumber(r.value.toDecimalPlaces(4)) : v;
};

/** The operations of a linked process set, read-only, with a link to the set. */
export function LinkedSetOperations({ setId, set, known, outputQty, unit }: { setId: string; set: LinkableSet | undefined; known: boolean; outputQty: string | undefined; unit: string }) {
  const href = `/business-processes/${encodeURIComponent(setId)}`;
  const derived = useMemo(() => (set ? setOperations(set, outputQty) : null), [set, outputQty]);
  if (!known) {
    return (
      <section className={s.linked} aria-label="Операции из набора процессов">
        <h3>Операции из набора процессов</h3>
        <p className={s.hint}>
          Операции берутся из набора процессов: <Link href={href}>открыть набор</Link>.
        </p>
      </section>
    );
  }
  if (!set || !derived) {
    return (
      <section className={s.linked} aria-label="Операции из набора процессов">
        <h3>Операции из набора процессов</h3>
        <p role="alert" className="p-error">
          Набор процессов не найден — расчёт не выполнится. Выберите другой набор или «— нет —».
        </p>
      </section>
    );
  }
  return (
    <section className={s.linked} aria-label="Операции из набора процессов">
      <h3>Операции из набора процессов «{set.name}»</h3>
      <p className={s.hint}>
        Расчёт берёт эти шаги набора на выпуск спецификации. Здесь они только для просмотра — изменить их можно в наборе:{' '}
        <Link href={href}>открыть набор «{set.name}»</Link>.
      </p>
      <div className={s.scroll}>
        <table className={s.table} aria-label="Операции набора процессов">
          <thead>
            <tr>
              {OPERATION_HEADERS.map((h) => (OPERATION_QTY.has(h) ? <QtyHeader key={h} label={h} scope={outputScope(outputQty, unit).short} /> : <th key={h}>{h}</th>))}
            </tr>
          </thead>
          <tbody>
            {derived.operations.length === 0 && (
              <tr>
                <td colSpan={6}>В наборе нет шагов.</td>
              </tr>
            )}
            {derived.operations.map((o, i) => (
              <tr key={o.id}>
                <td className={s.num}>{i + 1}</td>
                <td>{o.name}</td>
                <td>{ru(o.hours)}</td>
                <td>{ru(o.rate)}</td>
                <td>{ru(o.machineHours)}</td>
                <td>{ru(o.machineRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {derived.energy.length > 0 && (
        <ul className={s.hint} aria-label="Энергия оборудования набора">
          {derived.energy.map((m) => (
            <li key={m.id}>
              {m.name}: {ru(m.qty)} {m.unit} × {ru(m.price)} ₽ — статья 4
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
