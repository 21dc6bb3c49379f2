import { processTotals, type ProcessStep } from '@/lib/domain/business-processes';

let seq = 0;
/** An empty step with an id unique in the page. */
export const newStep = (): ProcessStep => ({ id: `s${Date.now().toString(36)}${(seq++).toString(36)}`, name: '', time: '', timeUnit: 'мин', rate: '', workers: '1' });

const plainNumber = /^\d+(\.\d+)?$/;

/** Totals as you type: only when every number is filled in correctly (the server checks on save). */
export function liveTotals(name: string, steps: ProcessStep[]) {
  const norm = (v?: string) => (v ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  const ok = (v?: string, optional = false) => (optional && !norm(v)) || plainNumber.test(norm(v));
  if (!steps.every((st) => ok(st.time) && ok(st.rate) && ok(st.workers, true) && ok(st.equipment?.machineRate, true) && ok(st.equipment?.powerKw, true) && ok(st.equipment?.tariff, true))) return null;
  const clean = steps.map((st) => ({
    ...st,
    time: norm(st.time),
    rate: norm(st.rate),
    workers: norm(st.workers) || undefined,
    equipment: st.equipment && { ...st.equipment, machineRate: norm(st.equipment.machineRate) || undefined, powerKw: norm(st.equipment.powerKw) || undefined, tariff: norm(st.equipment.tariff) || undefined },
  }));
  return processTotals({ name, steps: clean });
}

export type LiveTotals = ReturnType<typeof liveTotals>;

/** `steps` with step `from` moved to position `to` (the same array when either is out of range). */
export function moveStep(steps: ProcessStep[], from: number, to: number): ProcessStep[] {
  if (from === to || from < 0 || to < 0 || from >= steps.length || to >= steps.length) return steps;
  const out = [...steps];
  const [step] = out.splice(from, 1);
  out.splice(to, 0, step!);
  return out;
}
