/** Calendar dates as `YYYY-MM-DD` strings, counted in whole days (UTC arithmetic: no time zone drift). */

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Day numbers of the dates seen lately and back: a calculation over years with rate tables asks the same few
 * hundred dates thousands of times. Forgotten all at once past a bound.
 */
const days = new Map<string, number>();
const isos = new Map<number, string>();
const REMEMBER = 20_000;

/** Day number since 1970-01-01; throws on a malformed or impossible date. */
export function dayNumber(iso: string): number {
  const known = days.get(iso);
  if (known !== undefined) return known;
  const m = ISO.exec(iso);
  if (!m) throw new Error(`bad date ${iso}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    throw new Error(`bad date ${iso}`);
  }
  const n = Math.round(t / DAY_MS);
  if (days.size >= REMEMBER) days.clear();
  days.set(iso, n);
  return n;
}

export function isValidDate(iso: string): boolean {
  try {
    dayNumber(iso);
    return true;
  } catch {
    return false;
  }
}

export function fromDayNumber(n: number): string {
  let iso = isos.get(n);
  if (iso === undefined) {
    iso = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (isos.size >= REMEMBER) isos.clear();
    isos.set(n, iso);
  }
  return iso;
}

export const addDays = (iso: string, days: number): string => fromDayNumber(dayNumber(iso) + days);

/** Days from `from` to `to`, both included (01.01–01.01 = 1). */
export const daysInclusive = (from: string, to: string): number => dayNumber(to) - dayNumber(from) + 1;

export const yearOf = (iso: string): number => Number(iso.slice(0, 4));

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

export const daysInYear = (y: number): number => (isLeapYear(y) ? 366 : 365);

export const daysInMonth = (y: number, month: number): number => new Date(Date.UTC(y, month, 0)).getUTCDate();

/**
 * A due date falling on Saturday or Sunday moves to the next Monday (п. 7 ст. 6.1 НК). Public holidays are
 * not known to the app (no production calendar), so a date on a holiday stays as it is.
 */
export function nextWorkday(iso: string): string {
  const weekday = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return weekday === 6 ? addDays(iso, 2) : weekday === 0 ? addDays(iso, 1) : iso;
}
