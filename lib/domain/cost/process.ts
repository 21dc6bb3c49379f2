import { Dec, ZERO, kop, money } from './num';
import type { MaterialLine, Operation } from './types';

/** One step of a business-process set (per unit of output). */
export interface ProcessStep {
  id: string;
  name: string;
  /** Performer role, e.g. «Столяр». */
  role?: string;
  /** Time per unit of output, in `timeUnit`. */
  time: string;
  timeUnit: 'мин' | 'ч';
  /** Hourly wage rate of one worker. */
  rate: string;
  /** Workers on the step at once (default 1). */
  workers?: string;
  /** Equipment: name, machine-hour rate (РСЭО), power in кВт and the tariff per кВт·ч. */
  equipment?: { name?: string; machineRate?: string; powerKw?: string; tariff?: string };
}

export interface ProcessSet {
  name: string;
  steps: ProcessStep[];
}

const dec = (v: string | undefined, d = '0') => new Dec(v === undefined || v === '' ? d : v.replace(',', '.').replace(/[\s\u00a0]/g, ''));

/** Hours of one step per unit: мин / 60 or ч. */
const stepHours = (s: ProcessStep): Dec => (s.timeUnit === 'мин' ? dec(s.time).div(60) : dec(s.time));

/**
 * A process set as the operations of a specification (for its `outputQty` units): labour hours = time ×
 * workers × outputQty (a time in minutes is also kept in minutes, exactly); machine hours = time × outputQty when the step has a machine-hour rate; and the power
 * used (кВт × ч × tariff) as an energy line (статья 4).
 */
export function operationsOfSet(set: ProcessSet, outputQty: string = '1'): { operations: Operation[]; energy: MaterialLine[] } {
  const q = dec(outputQty, '1');
  const operations: Operation[] = [];
  const energy: MaterialLine[] = [];
  for (const s of set.steps) {
    const h = stepHours(s).times(q);
    const workers = dec(s.workers, '1');
    const machineRate = s.equipment?.machineRate;
    const hasMachine = !!machineRate && !dec(machineRate).isZero();
    // Time in minutes stays in minutes (exact): the wage is minutes × rate ÷ 60, `hours` only shows it.
    const minutes = s.timeUnit === 'мин' ? dec(s.time).times(q) : null;
    operations.push({
      id: `ps-${s.id}`,
      name: s.role ? `${s.name} (${s.role})` : s.name,
      hours: h.times(workers).toDecimalPlaces(6).toFixed(),
      rate: dec(s.rate).toFixed(),
      ...(minutes ? { minutes: minutes.times(workers).toFixed() } : {}),
      ...(hasMachine ? { machineHours: h.toDecimalPlaces(6).toFixed(), machineRate: dec(machineRate).toFixed() } : {}),
      ...(hasMachine && minutes ? { machineMinutes: minutes.toFixed() } : {}),
    });
    const kw = dec(s.equipment?.powerKw);
    const tariff = dec(s.equipment?.tariff);
    if (!kw.isZero() && !tariff.isZero()) {
      energy.push({
        id: `ps-${s.id}-energy`,
        name: `Электроэнергия: ${s.equipment?.name || s.name}`,
        unit: 'кВт·ч',
        qty: kw.times(h).toDecimalPlaces(6).toFixed(),
        price: tariff.toFixed(),
        article: 'energy',
      });
    }
  }
  return { operations, energy };
}

/** Totals of a set per unit: labour hours, wages, machine cost, energy cost (each step rounded to kopecks). */
export function processTotals(set: ProcessSet) {
  let hours = ZERO;
  let wages = ZERO;
  let machine = ZERO;
  let energy = ZERO;
  for (const s of set.steps) {
    const h = stepHours(s);
    const labour = h.times(dec(s.workers, '1'));
    hours = hours.plus(labour);
    wages = wages.plus(kop(labour.times(dec(s.rate))));
    machine = machine.plus(kop(h.times(dec(s.equipment?.machineRate))));
    energy = energy.plus(kop(h.times(dec(s.equipment?.powerKw)).times(dec(s.equipment?.tariff))));
  }
  return { hours: hours.toDecimalPlaces(4).toFixed(), wages: money(wages), machine: money(machine), energy: money(energy), total: money(wages.plus(machine).plus(energy)) };
}

