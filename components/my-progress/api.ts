import { call } from '@/lib/client/call';
import type { CallOutput } from '@/lib/contract';

export type ActivityAnswer = CallOutput<'product', 'activity/summary'>;
export type WeekRow = ActivityAnswer['weeks'][number];
export type AchievementRow = ActivityAnswer['achievements'][number];
export type EducationAnswer = CallOutput<'product', 'education/summary'>;

/** Typed wrappers over the calls «Мой прогресс» reads (docs/api.md). */
export const myProgressApi = {
  activity: (signal?: AbortSignal) => call('product', 'activity/summary', {}, { signal }),
  education: (signal?: AbortSignal) => call('product', 'education/summary', {}, { signal }),
};
