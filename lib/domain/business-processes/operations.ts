import type { MaterialLine, Operation } from '@/lib/domain/cost/types';
import { stepHours, stepNumber as dec, type ProcessSet } from './steps';

/**
 * A business process as the operations of a specification (for its `outputQty` units): labour hours = time ×
 * workers × outputQty (a time in minutes is also kept in minutes, exactly); machine hours = time × outputQty when
 * the step has a machine-hour rate; and the power used (кВт × ч × tariff) as an energy line (статья 4).
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
