import 'server-only';
import type { CallTable } from '../../gateway/types';
import { deleteBusinessProcess } from './delete-business-process';
import { linkedSpecifications } from './linked-specifications';
import { listBusinessProcesses } from './list-business-processes';
import { saveBusinessProcess } from './save-business-process';

/**
 * Business processes under /api/v1, documented in docs/api.md. `processes/*` — the earlier wire names of the
 * same calls, kept for clients that still use them.
 */
export const businessProcessCalls = {
  'business-processes/list': listBusinessProcesses,
  'business-processes/save': saveBusinessProcess,
  'business-processes/delete': deleteBusinessProcess,
  'business-processes/linked': linkedSpecifications,
  'processes/list': listBusinessProcesses,
  'processes/save': saveBusinessProcess,
  'processes/delete': deleteBusinessProcess,
  'processes/linked': linkedSpecifications,
} satisfies CallTable;
