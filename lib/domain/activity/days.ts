/**
 * Calendar days of the activity log: Moscow days as `2026-11-25`, weeks from Monday. Day arithmetic is done on
 * the calendar (UTC noon of the day), never on local time, so it does not depend on the machine's zone.
 */

let moscow: Intl.DateTimeFormat | undefined;

/** The Moscow calendar day of a moment: `2026-11-25`. */
export function moscowDay(at: Date): string {
  moscow ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = moscow.formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

const DAY_MS = 86_400_000;
const noon = (iso: string) => Date.parse(`${iso}T12:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `2026-11-25` + n days. */
export const addDays = (iso: string, n: number): string => isoOf(noon(iso) + n * DAY_MS);

/** Whole days from `a` to `b` (positive when `b` is later). */
export const daysBetween = (a: string, b: string): number => Math.round((noon(b) - noon(a)) / DAY_MS);

/** The Monday of the week a day belongs to (weeks run Monday to Sunday). */
export function mondayOf(iso: string): string {
  const weekday = new Date(noon(iso)).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((weekday + 6) % 7));
}
