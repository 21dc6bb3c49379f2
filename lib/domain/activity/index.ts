import { achievementsOf, type Achievement } from './achievements';
import { moscowDay } from './days';
import { type ActivityEvent, type KindCounts, zeroCounts } from './kinds';
import { activeDays, streakOf, type Streak } from './streak';
import { weeklyActivity, type WeekActivity } from './weeks';

export * from './kinds';
export { ACHIEVEMENT_RULES, type Achievement } from './achievements';
export type { Streak } from './streak';
export type { WeekActivity } from './weeks';

export interface ActivitySummary {
  /** Today in Moscow, `2026-11-26`. */
  today: string;
  /** The last 12 weeks, oldest first; the last is the current week. */
  weeks: WeekActivity[];
  streak: Streak;
  achievements: Achievement[];
  /** All-time counts by kind. */
  totals: KindCounts;
}

/** Everything «Мой прогресс» shows of a user's work, from their events, as of `now`. */
export function activitySummary(events: readonly ActivityEvent[], now: Date): ActivitySummary {
  const today = moscowDay(now);
  const days = activeDays(events);
  const totals = zeroCounts();
  for (const e of events) totals[e.kind] += e.count;
  return { today, weeks: weeklyActivity(events, today), streak: streakOf(days, today), achievements: achievementsOf(events, days), totals };
}
