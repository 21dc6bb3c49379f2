import 'server-only';
import type { CallTable } from '../../gateway/types';
import { liveness } from '../../health';
import { getAppInfo } from './get-app-info';

/** The product's own calls under /api/v1 (API.md §5), keyed by path: `calculators/run`, `cost/calculate`… */
export const productCalls: CallTable = {
  health: { handle: () => ({ msg: 'Сервис работает', ...liveness() }) },
  'app/info': getAppInfo,
};
