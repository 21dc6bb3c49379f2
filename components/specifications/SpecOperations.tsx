'use client';

import Link from 'next/link';
import { memo, useMemo } from 'react';
import { operationsOfSet } from '@/lib/domain/business-processes';
import type { MaterialLine, Operation } from '@/lib/domain/cost';
import { formatNumber, parseDecimal } from '@/lib/domain/money';
import { NameField } from './NameField';
import { OperationCentreCell, centreOf, type Centres } from './SpecOperationCentre';
import { newOperation, outputScope, type LinkableSet, type RowProps } from './spec-lines';
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

/**
 * One operation of the specification. With `centres` (the editor page) it has a work-centre column: a linked
 * operation's rates come from the centre and are not typed.
 */
export const OperationRow = memo(function OperationRow({ index, line, errors, onChange, onRemove, centres }: RowProps<Operation> & { centres?: Centres }) {
  const err = (f: string) => errors[`operations.${index}.${f}`];
  const put = (patch: Partial<Operation>) => onChange(index, patch);
  const n = index + 1;
  // A linked operation's rates are the centre's: shown, not typed (unlinking makes them the line's own again).
  const fromCentre = centres !== undefined && !!line.workCentreId;
  const centreName = fromCentre ? centreOf(centres, line.workCentreId)?.name : undefined;
  const cell = (f: 'hours' | 'rate' | 'machineHours' | 'machineRate', label: string) => {
    const locked = fromCentre && (f === 'rate' || f === 'machineRate');
    return (
      <td>
        <input
          className={`p-inputtext p-component ${s.narrow} ${err(f) ? 'p-invalid' : ''}`}
          inputMode="decimal"
          aria-label={`Операция ${n}: ${label}`}
          value={line[f] ?? ''}
          readOnly={locked}
          onChange={(e) => put({ [f]: e.target.value })}
          title={err(f) ?? (locked ? `Ставка рабочего центра${centreName ? ` «${centreName}»` : ''}: меняется в номенклатуре; чтобы ввести свою, отвяжите центр` : undefined)}
        />
      </td>
    );
  };
  return (
    <tr>
      <td className={s.num}>{n}</td>
      <td>
        <NameField label={`Операция ${n}: название`} value={line.name} invalid={!!err('name')} onChange={(name) => put({ name })} title={err('name')} />
      </td>
      {centres !== undefined && <OperationCentreCell n={n} line={line} centres={centres} error={err('workCentreId')} onPut={put} />}
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

const NO_ERRORS: Record<string, string> = {};
/** Widths (rem) of the own operations' columns with a work centre: №, name, centre, hours, rate, machine-hours, its rate, delete. */
const CENTRE_COLUMNS = [3, 16, 17, 8, 8.5, 8, 9, 3];

/**
 * The specification's own operations, editable, with «Добавить операцию». `centres` (undefined: no work-centre
 * column, as in the /cost draft): an operation may take its rates from a work centre.
 */
export function OperationsTable({ operations, setLinked, scope, rowErrors, centres, onSet, onRemove, onAdd }: {
  operations: Operation[];
  /** A process set gives operations too: these are the specification's own, counted with the set's. */
  setLinked: boolean;
  scope: string;
  rowErrors: Map<string, Record<string, string>>;
  centres?: Centres;
  onSet: (index: number, patch: Partial<Operation>) => void;
  onRemove: (index: number) => void;
  onAdd: (line: Operation) => void;
}) {
  const headers = centres !== undefined ? [...OPERATION_HEADERS.slice(0, 2), 'Рабочий центр', ...OPERATION_HEADERS.slice(2)] : OPERATION_HEADERS;
  return (
    <>
      <h3>{setLinked ? 'Собственные операции спецификации' : 'Операции'}</h3>
      {setLinked && <p className={s.hint}>Считаются вместе с операциями набора (в калькуляции идут перед ними). Если все операции в наборе, оставьте таблицу пустой.</p>}
      <div className={s.scroll}>
        <table className={s.table} aria-label={setLinked ? 'Собственные операции' : 'Операции'}>
          {centres !== undefined && (
            <colgroup>
              {CENTRE_COLUMNS.map((w, i) => (
                <col key={i} style={{ width: `${w}rem` }} />
              ))}
            </colgroup>
          )}
          <thead>
            <tr>
              {headers.map((h) => (OPERATION_QTY.has(h) ? <QtyHeader key={h} label={h} scope={scope} /> : <th key={h}>{h}</th>))}
              <th />
            </tr>
          </thead>
          <tbody>
            {operations.map((o, i) => (
              <OperationRow key={o.id} index={i} line={o} errors={rowErrors.get(`operations.${i}`) ?? NO_ERRORS} onChange={onSet} onRemove={onRemove} centres={centres} />
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="p-button p-button-outlined p-button-sm" onClick={() => onAdd(newOperation())}>
        <i className="pi pi-plus" aria-hidden="true" />
        &nbsp;Добавить операцию
      </button>
    </>
  );
}

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
