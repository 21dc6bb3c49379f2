import { productApi } from '@/lib/client/api';
import type { processTotals, ProcessStep } from '@/lib/domain/cost';

/** A business process as `business-processes/list` gives it. */
export interface StoredProcess {
  id: string;
  name: string;
  steps: ProcessStep[];
  version: number;
  totals: ReturnType<typeof processTotals>;
}

/** A specification that takes its operations from the process; `stale` — the process changed after it. */
export interface LinkedSpec {
  id: string;
  name: string;
  stale: boolean;
}

/** Business processes (wire name `business-processes/*`). */
export const processesApi = {
  list: () => productApi<{ sets: StoredProcess[] }>('business-processes/list', {}).then((r) => r.sets),
  /** Saves over `version` (a stale one answers 409); without `id` — a new process. */
  save: (input: { id?: string; version?: number; name: string; steps: ProcessStep[] }) =>
    productApi<{ set: StoredProcess }>('business-processes/save', input).then((r) => r.set),
  remove: (id: string) => productApi('business-processes/delete', { id }),
  linked: (id: string) => productApi<{ specs: LinkedSpec[] }>('business-processes/linked', { id }).then((r) => r.specs),
};
