import type { Operation } from '@/lib/domain/cost/types';

/** What a work centre gives an operation: its labour rate and machine-hour rate, roubles ("600.00"; "0.00" — none). */
export interface CentreRates {
  hourlyRate: string;
  machineHourRate: string;
}

const isZero = (v: string) => /^0*(?:[.,]0*)?$/.test(v.trim());

/**
 * The rates of an operation linked to a work centre: the centre's hourly rate, and its machine-hour rate when the
 * centre has one or the operation had its own (a centre without one gives 0 then). Hours and machine-hours stay the
 * operation's. The editor (when a centre is picked) and the server (before every calculation) apply this one rule,
 * so the engine gets the rate exactly as if it had been typed.
 */
export function centreRatesOf(o: Pick<Operation, 'machineRate'>, c: CentreRates): Pick<Operation, 'rate' | 'machineRate'> {
  const ownMachine = o.machineRate !== undefined && o.machineRate.trim() !== '';
  return !isZero(c.machineHourRate) || ownMachine ? { rate: c.hourlyRate, machineRate: c.machineHourRate } : { rate: c.hourlyRate };
}

/** The operation with its work centre's rates (an operation without `workCentreId`, or whose centre is unknown, as it is). */
export function withCentreRates<T extends Operation>(o: T, centres: ReadonlyMap<string, CentreRates>): T {
  const c = o.workCentreId ? centres.get(o.workCentreId) : undefined;
  return c ? { ...o, ...centreRatesOf(o, c) } : o;
}
