import { daysBetween, moscowDay } from './days';
import type { ActivityEvent } from './kinds';

/** The distinct Moscow days with any activity, ascending. */
export function activeDays(events: readonly ActivityEvent[]): string[] {
  return [...new Set(events.map((e) => moscowDay(e.at)))].sort();
}

export interface Streak {
  /** Consecutive active days ending today or yesterday; 0 when the last active day is older. */
  days: number;
  /** Whether today is one of them (false: the streak goes on only if the user does something today). */
  today: boolean;
  /** The longest run of consecutive active days ever. */
  best: number;
}

/** The streak of active days as of `today` (Moscow), from the ascending list of active days. */
export function streakOf(days: readonly string[], today: string): Streak {
  const last = days[days.length - 1];
  const best = longestRun(days);
  if (last === undefined) return { days: 0, today: false, best: 0 };
  const gap = daysBetween(last, today);
  if (gap < 0 || gap > 1) return { days: 0, today: false, best };
  let current = 1;
  for (let i = days.length - 1; i > 0 && daysBetween(days[i - 1]!, days[i]!) === 1; i--) current++;
  return { days: current, today: gap === 0, best };
}

/** The longest run of consecutive days in an ascending list of days. */
export function longestRun(days: readonly string[]): number {
  let best = 0;
  let run = 0;
  days.forEach((d, i) => {
    run = i > 0 && daysBetween(days[i - 1]!, d) === 1 ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return best;
}

/** The first day on which `n` consecutive active days were complete, or null. */
export function firstRunOf(days: readonly string[], n: number): string | null {
  let run = 0;
  for (let i = 0; i < days.length; i++) {
    run = i > 0 && daysBetween(days[i - 1]!, days[i]!) === 1 ? run + 1 : 1;
    if (run >= n) return days[i]!;
  }
  return null;
}
