import { useRef, useState } from 'react';
import type { ProcessStep } from '@/lib/domain/business-processes';
import { formatDecimalText } from '@/lib/domain/money';
import type { WorkCentre } from '@/lib/schemas/catalog';
import s from './processes.module.css';

interface Props {
  steps: ProcessStep[];
  /** Field errors of the last save, keyed `steps.{i}.{field}`. */
  errors: Record<string, string>;
  onPut: (i: number, patch: Partial<ProcessStep>) => void;
  /** Moves step `from` to position `to` (buttons move by one; drag and drop anywhere). */
  onMove: (from: number, to: number) => void;
  onRemove: (i: number) => void;
  /** Work centres of the catalogue a step may point at (its rates follow the centre). */
  workCentres: WorkCentre[];
}

/**
 * The equipment of a step typed or picked from the work centres: a centre's exact name links the step to it (the
 * step takes its hourly and machine-hour rates); any other text is the step's own equipment with its own rates.
 */
function equipmentNamed(st: ProcessStep, name: string, centres: WorkCentre[]): Partial<ProcessStep> {
  const eq = st.equipment ?? {};
  const wc = centres.find((c) => c.name === name.trim());
  if (!wc) return { workCentreId: undefined, equipment: { ...eq, name } };
  const machineRate = wc.machineHourRate !== '0' ? formatDecimalText(wc.machineHourRate) : eq.machineRate;
  return { workCentreId: wc.id, rate: formatDecimalText(wc.hourlyRate), equipment: { ...eq, name, machineRate } };
}

/** The steps of a business process, one editable row each; rows are reordered by buttons or by dragging. */
export function StepsTable({ steps, errors, onPut, onMove, onRemove, workCentres }: Props) {
  const dragFrom = useRef<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  return (
    <>
    <table className={s.table}>
      <thead>
        <tr>
          <th>№</th>
          <th>Шаг</th>
          <th>Исполнитель</th>
          <th>Время на ед.</th>
          <th>Ставка, ₽/ч</th>
          <th>Работников</th>
          <th>Оборудование / раб. центр</th>
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
          const put = (patch: Partial<ProcessStep>) => onPut(i, patch);
          const input = (label: string, value: string | undefined, onChange: (v: string) => void, key: string) => {
            const err = errors[`steps.${i}.${key}`];
            return <input className={`p-inputtext p-component ${err ? 'p-invalid' : ''}`} aria-label={`Шаг ${n}: ${label}`} title={err} value={value ?? ''} onChange={(e) => onChange(e.target.value)} />;
          };
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
                if (dragFrom.current !== null) onMove(dragFrom.current, i);
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
              <td>{input('название', st.name, (v) => put({ name: v }), 'name')}</td>
              <td>{input('исполнитель', st.role, (v) => put({ role: v }), 'role')}</td>
              <td className={s.time}>
                {input('время', st.time, (v) => put({ time: v }), 'time')}
                <select aria-label={`Шаг ${n}: единица времени`} value={st.timeUnit} onChange={(e) => put({ timeUnit: e.target.value as 'мин' | 'ч' })}>
                  <option value="мин">мин</option>
                  <option value="ч">ч</option>
                </select>
              </td>
              <td>{input('ставка', st.rate, (v) => put({ rate: v }), 'rate')}</td>
              <td>{input('работников', st.workers, (v) => put({ workers: v }), 'workers')}</td>
              <td>
                <input
                  className={`p-inputtext p-component ${errors[`steps.${i}.equipment.name`] ? 'p-invalid' : ''} ${st.workCentreId ? s.fromCentre : ''}`}
                  aria-label={`Шаг ${n}: оборудование или рабочий центр`}
                  title={errors[`steps.${i}.equipment.name`] ?? (st.workCentreId ? 'Рабочий центр из номенклатуры: ставки идут от него' : 'Начните вводить — подскажем рабочие центры')}
                  list={workCentres.length ? 'work-centres' : undefined}
                  value={eq.name ?? ''}
                  onChange={(e) => put(equipmentNamed(st, e.target.value, workCentres))}
                />
              </td>
              <td>{input('ставка машино-часа', eq.machineRate, (v) => put({ equipment: { ...eq, machineRate: v } }), 'equipment.machineRate')}</td>
              <td>{input('мощность, кВт', eq.powerKw, (v) => put({ equipment: { ...eq, powerKw: v } }), 'equipment.powerKw')}</td>
              <td>{input('тариф', eq.tariff, (v) => put({ equipment: { ...eq, tariff: v } }), 'equipment.tariff')}</td>
              <td className={s.rowActions}>
                <button type="button" aria-label={`Шаг ${n} выше`} className="p-button p-button-text p-button-sm" onClick={() => onMove(i, i - 1)} disabled={i === 0}>
                  <i className="pi pi-arrow-up" aria-hidden="true" />
                </button>
                <button type="button" aria-label={`Шаг ${n} ниже`} className="p-button p-button-text p-button-sm" onClick={() => onMove(i, i + 1)} disabled={i === steps.length - 1}>
                  <i className="pi pi-arrow-down" aria-hidden="true" />
                </button>
                <button type="button" aria-label={`Удалить шаг ${n}`} className="p-button p-button-text p-button-danger p-button-sm" onClick={() => onRemove(i)}>
                  <i className="pi pi-trash" aria-hidden="true" />
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
    {workCentres.length > 0 && (
      <datalist id="work-centres">
        {workCentres.map((c) => (
          <option key={c.id} value={c.name} />
        ))}
      </datalist>
    )}
    </>
  );
}
