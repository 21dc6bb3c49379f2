import { z } from './classic';

/* Inputs of the calls in lib/server/services/activity. */
export const activitySummaryInput = z.object({});
