'use client';

import { centreRatesOf } from '@/lib/domain/catalog/work-centre-rate';
import type { Operation } from '@/lib/domain/cost';
import { formatDecimalText, formatMoney, parseDecimal } from '@/lib/domain/money';
import type { WorkCentre } from '@/lib/schemas/catalog';
import s from './spec-editor.module.css';

/** The user's work centres (archived ones too: a line may still point at one); null while they load. */
export type Centres = readonly WorkCentre[] | null;

export const centreOf = (centres: Centres, id: string | undefined) => (id ? centres?.find((c) => c.id === id) : undefined);

const isZero = (v: string) => /^0*(?:[.,]0*)?$/.test(v.trim());
/** Equal numbers however written («612,5» = «612.50»); an unreadable one equals nothing. */
const same = (a: string | undefined, b: string) => {
  const x = parseDecimal(a ?? '');
  const y = parseDecimal(b);
  return x.ok && y.ok && x.value.eq(y.value);
};

/** «612,50 ₽/ч, маш.-ч 240,00 ₽» — what a centre gives an operation. */
export const centreRatesText = (c: Pick<WorkCentre, 'hourlyRate' | 'machineHourRate'>) =>
  `${formatMoney(c.hourlyRate)}/ч${isZero(c.machineHourRate) ? '' : `, маш.-ч ${formatMoney(c.machineHourRate)}`}`;

/**
 * The line's change when a work centre is picked: the centre's rates by the calculation's rule (`centreRatesOf`),
 * written the Russian way; «— нет —» unlinks it and its rates stay as they are, its own from then on.
 */
export function operationWithCentre(line: Operation, centre: WorkCentre | undefined): Partial<Operation> {
  if (!centre) return { workCentreId: undefined };
  const r = centreRatesOf(line, centre);
  return { workCentreId: centre.id, rate: formatDecimalText(r.rate), ...(r.machineRate !== undefined ? { machineRate: formatDecimalText(r.machineRate) } : {}) };
}

/** The work-centre cell of an operation: the picker, and under it the rates the centre gives. */
export function OperationCentreCell({ n, line, centres, error, onPut }: { n: number; line: Operation; centres: Centres; error?: string; onPut: (patch: Partial<Operation>) => void }) {
  const linked = centreOf(centres, line.workCentreId);
  const offered = (centres ?? []).filter((c) => !c.archived || c.id === line.workCentreId);
  const hintId = `op-${n}-centre-hint`;
  let hint: string | null = null;
  if (linked) {
    const given = centreRatesOf(line, linked);
    const drifted = !same(line.rate, given.rate) || (given.machineRate !== undefined && !same(line.machineRate, given.machineRate));
    hint = drifted
      ? `Ставки центра теперь ${centreRatesText(linked)} — расчёт берёт их; в строке — сохранённые, «Пересчитать» запишет новые.`
      : `Ставки центра: ${centreRatesText(linked)}`;
  } else if (line.workCentreId && centres) {
    hint = 'Рабочий центр недоступен: расчёт возьмёт ваш центр с тем же названием, иначе ставки строки.';
  }
  return (
    <td>
      <select
        className={`${s.select} ${s.centre}`}
        aria-label={`Операция ${n}: рабочий центр`}
        aria-invalid={!!error}
        aria-describedby={hint ? hintId : undefined}
        title={error ?? (linked ? 'Ставки идут от рабочего центра; «— нет —» — ввести свои' : 'Выберите рабочий центр — ставки будут идти от него')}
        disabled={centres === null}
        value={line.workCentreId ?? ''}
        onChange={(e) => onPut(operationWithCentre(line, centres?.find((c) => c.id === e.target.value)))}
      >
        <option value="">— нет —</option>
        {offered.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
            {c.archived ? ' (в архиве)' : ''} — {centreRatesText(c)}
          </option>
        ))}
        {line.workCentreId && !linked && <option value={line.workCentreId}>{centres === null ? 'загрузка…' : 'центр недоступен'}</option>}
      </select>
      {hint && (
        <small id={hintId} className={s.hint} data-testid={`op-${n}-centre-hint`}>
          {hint}
        </small>
      )}
    </td>
  );
}
