import { ZERO, roundKop, toMoneyString } from '@/lib/domain/money';
import { stepHours, stepNumber as dec, type ProcessSet } from './steps';

/** Totals of a process per unit: labour hours, wages, machine cost, energy cost (each step rounded to kopecks). */
export function processTotals(set: ProcessSet) {
  let hours = ZERO;
  let wages = ZERO;
  let machine = ZERO;
  let energy = ZERO;
  for (const s of set.steps) {
    const h = stepHours(s);
    const labour = h.times(dec(s.workers, '1'));
    hours = hours.plus(labour);
    wages = wages.plus(roundKop(labour.times(dec(s.rate))));
    machine = machine.plus(roundKop(h.times(dec(s.equipment?.machineRate))));
    energy = energy.plus(roundKop(h.times(dec(s.equipment?.powerKw)).times(dec(s.equipment?.tariff))));
  }
  return {
    hours: hours.toDecimalPlaces(4).toFixed(),
    wages: toMoneyString(wages),
    machine: toMoneyString(machine),
    energy: toMoneyString(energy),
    total: toMoneyString(wages.plus(machine).plus(energy)),
  };
}
