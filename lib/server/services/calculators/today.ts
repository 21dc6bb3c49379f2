import 'server-only';

/** Today's date in Moscow as `YYYY-MM-DD` (the date-dependent defaults of the calculators). */
export function moscowToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
