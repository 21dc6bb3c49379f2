import { call } from '@/lib/client/call';
import type { CallInput, CallOutput } from '@/lib/contract';

/** A business process as `business-processes/list` gives it: steps, totals per unit, version. */
export type StoredProcess = CallOutput<'product', 'business-processes/list'>['sets'][number];

/** A specification that takes its operations from the process; `stale` — the process changed after it. */
export type LinkedSpec = CallOutput<'product', 'business-processes/linked'>['specs'][number];

/** Business processes (wire name `business-processes/*`); answers typed by the server's call table. */
export const processesApi = {
  list: () => call('product', 'business-processes/list', {}).then((r) => r.sets),
  /** Saves over `version` (a stale one answers 409); without `id` — a new process. */
  save: (input: CallInput<'product', 'business-processes/save'>) => call('product', 'business-processes/save', input).then((r) => r.set),
  remove: (id: string) => call('product', 'business-processes/delete', { id }),
  linked: (id: string) => call('product', 'business-processes/linked', { id }).then((r) => r.specs),
};
