import { addDays, daysBetween, mondayOf, moscowDay } from './days';
import { type ActivityEvent, type KindCounts, zeroCounts } from './kinds';

export interface WeekActivity {
  /** Monday of the week, `2026-11-23`. */
  start: string;
  /** Sunday of the week. */
  end: string;
  total: number;
  counts: KindCounts;
}

/**
 * Activity of the last `weeks` weeks (Monday to Sunday, Moscow days), oldest first; the last one is the week of
 * `today`. Events outside the span are not counted.
 */
export function weeklyActivity(events: readonly ActivityEvent[], today: string, weeks = 12): WeekActivity[] {
  const first = addDays(mondayOf(today), -7 * (weeks - 1));
  const out: WeekActivity[] = Array.from({ length: weeks }, (_, i) => {
    const start = addDays(first, 7 * i);
    return { start, end: addDays(start, 6), total: 0, counts: zeroCounts() };
  });
  for (const e of events) {
    const d = daysBetween(first, moscowDay(e.at));
    const week = d < 0 ? undefined : out[Math.floor(d / 7)];
    if (!week) continue;
    week.counts[e.kind] += e.count;
    week.total += e.count;
  }
  return out;
}
