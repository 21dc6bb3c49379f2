/** Business processes: the steps of a process, its totals per unit, and the process as a specification's operations. */
export type { ProcessStep, ProcessSet } from './steps';
export { processTotals } from './totals';
export { operationsOfSet } from './operations';
