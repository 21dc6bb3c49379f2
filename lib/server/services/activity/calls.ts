import 'server-only';
import type { CallTable } from '../../gateway/types';
import { activitySummaryCall } from './summary';

/** Мой прогресс: the activity log under /api/v1 (docs/api.md). */
export const activityCalls = {
  'activity/summary': activitySummaryCall,
} satisfies CallTable;
