/**
 * Calendar days of the activity log: Moscow days as `2026-11-25`, weeks from Monday. The day of a moment comes
 * from the one module of Russian dates, day arithmetic from the calendar's day numbers (no time zones).
 */
import { addDays, dayNumber } from '@/lib/domain/calculators/dates';
import { moscowToday } from '@/lib/domain/format/date';

export { addDays };

/** The Moscow calendar day of a moment: `2026-11-25`. */
export const moscowDay = (at: Date): string => moscowToday(at);

/** Whole days from `a` to `b` (positive when `b` is later). */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/** The Monday of the week a day belongs to (weeks run Monday to Sunday; 1970-01-01, day 0, was a Thursday). */
export function mondayOf(iso: string): string {
  const mondayBased = (((dayNumber(iso) + 3) % 7) + 7) % 7; // 0 = Monday
  return addDays(iso, -mondayBased);
}
