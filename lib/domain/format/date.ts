/**
 * Russian dates, always with the full year: `25.11.2026`, `25.11.2026 14:05`. The one date formatter for
 * everything a user reads; independent of the machine's time zone (Moscow unless `timeZone` is given).
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** `25.11.2026` — a moment's calendar day. */
export function formatDate(date: Date, timeZone = 'Europe/Moscow'): string {
  const parts = partsOf(date, timeZone);
  return `${pad(parts.day)}.${pad(parts.month)}.${parts.year}`;
}

/** `25.11.2026 14:05` — a moment with the full year. */
export function formatDateTime(date: Date, timeZone = 'Europe/Moscow'): string {
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

function partsOf(date: Date, timeZone: string) {
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  const get = (type: string) => Number(fmt.formatToParts(date).find((p) => p.type === type)?.value ?? NaN);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}
