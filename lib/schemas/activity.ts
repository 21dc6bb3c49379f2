import * as z from './zod';

/* Inputs of the calls in lib/server/services/activity. */
export const activitySummaryInput = z.object({});
