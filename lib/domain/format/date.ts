/** Russian date formats (dd.mm.yy), independent of the machine's time zone when `timeZone` is given. */

const pad = (n: number) => String(n).padStart(2, '0');

/** `22.11.26` — the short date accountants write. */
export function formatDateShort(date: Date, timeZone = 'Europe/Moscow'): string {
  const parts = partsOf(date, timeZone);
  return `${pad(parts.day)}.${pad(parts.month)}.${pad(parts.year % 100)}`;
}

/** `22.11.26 06:45` */
export function formatDateTimeShort(date: Date, timeZone = 'Europe/Moscow'): string {
  const parts = partsOf(date, timeZone);
  return `${formatDateShort(date, timeZone)} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** `25.11.2026 14:05` — a moment with the full year. */
export function formatDateTime(date: Date, timeZone = 'Europe/Moscow'): string {
  const parts = partsOf(date, timeZone);
  return `${pad(parts.day)}.${pad(parts.month)}.${parts.year} ${pad(parts.hour)}:${pad(parts.minute)}`;
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
