/**
 * Russian dates: the one module that reads and writes them. The wire carries a calendar day as `2026-11-25`
 * (ISO, no time zone); a user reads and types `25.11.2026`, always with the full year; «today» and a moment's
 * day are Moscow's unless a time zone is given, whatever the machine's zone.
 */

const MOSCOW = 'Europe/Moscow';
const pad = (n: number) => String(n).padStart(2, '0');

/** `25.11.2026` — a moment's calendar day. */
export function formatDate(date: Date, timeZone = MOSCOW): string {
  const parts = partsOf(date, timeZone);
  return `${pad(parts.day)}.${pad(parts.month)}.${parts.year}`;
}

/** `25.11.2026 14:05` — a moment with the full year. */
export function formatDateTime(date: Date, timeZone = MOSCOW): string {
  const parts = partsOf(date, timeZone);
  return `${formatDate(date, timeZone)} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/**
 * A calendar day of the wire (`2026-11-25`, also the date part of `2026-11-25T…`) as `25.11.2026`, without
 * time zones. Anything else is returned as it is.
 */
export function formatIsoDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(iso);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : iso;
}

/** A day of every year as the rate tables keep it (`04-28`) as `28.04`. Anything else is returned as it is. */
export function formatMonthDay(md: string): string {
  const m = /^(\d{2})-(\d{2})$/.exec(md);
  return m ? `${m[2]}.${m[1]}` : md;
}

/** Today's calendar day in Moscow as `2026-11-25` (`now` for tests): the day dated rates and defaults follow. */
export function moscowToday(now = new Date()): string {
  // Every call of a calculator asks this; a zone's offset is whole minutes, so the day is the same within a UTC minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastToday.minute) {
    const parts = partsOf(now, MOSCOW);
    lastToday = { minute, day: isoOf(parts.year, parts.month, parts.day) };
  }
  return lastToday.day;
}
let lastToday = { minute: NaN, day: '' };

/** A day picked in a calendar widget (a local `Date` at midnight of the browser's zone) as `2026-11-25`. */
export const isoOfLocalDay = (d: Date): string => isoOf(d.getFullYear(), d.getMonth() + 1, d.getDate());

/**
 * A date as a person types it — `25.11.2026`, `5.1.26` (20xx) or the wire's `2026-11-25` — as `2026-11-25`;
 * null when it is not a day of the calendar (`31.02.2026`, `завтра`).
 */
export function parseRuDate(text: string): string | null {
  const t = text.trim();
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else {
    const ru = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
    if (!ru) return null;
    [d, m, y] = [Number(ru[1]), Number(ru[2]), Number(ru[3])];
    if (ru[3]!.length === 2) y += 2000;
  }
  return isCalendarDay(y, m, d) ? isoOf(y, m, d) : null;
}

/** A month as typed — `01.2026`, `1.2026` or the wire's `2026-01` — as `2026-01`; null otherwise. */
export function parseRuMonth(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})$/.exec(t);
  const ru = iso ? null : /^(\d{1,2})\.(\d{4})$/.exec(t);
  const [y, m] = iso ? [iso[1]!, Number(iso[2])] : ru ? [ru[2]!, Number(ru[1])] : ['', 0];
  return m >= 1 && m <= 12 ? `${y}-${pad(m)}` : null;
}

function isCalendarDay(y: number, m: number, d: number): boolean {
  const check = new Date(Date.UTC(y, m - 1, d));
  return y >= 1 && check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d;
}

const isoOf = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;

/** One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

function partsOf(date: Date, timeZone: string) {
  const fmt = formatterOf(timeZone);
  const parts = fmt.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? NaN);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}
