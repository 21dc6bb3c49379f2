import { Dec } from '@/lib/domain/money';

/** One step of a business process (per unit of output). */
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
  /** A catalogue work centre: its rates are copied here when they change. */
  workCentreId?: string;
}

/** A business process: its name and steps. */
export interface ProcessSet {
  name: string;
  steps: ProcessStep[];
}

/** A number as typed in a step (`1,5`, `1 200`); empty or missing is `d`. */
export const stepNumber = (v: string | undefined, d = '0') => new Dec(v === undefined || v === '' ? d : v.replace(',', '.').replace(/[\s\u00a0]/g, ''));

/** Hours of one step per unit: мин / 60 or ч. */
export const stepHours = (s: ProcessStep): Dec => (s.timeUnit === 'мин' ? stepNumber(s.time).div(60) : stepNumber(s.time));
