// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate, formatMonthDay, isoOfLocalDay, moscowToday, parseRuDate, parseRuMonth } from '@/lib/domain/format/date';

describe('Russian dates with the full year', () => {
  it('writes dd.mm.yyyy in Moscow time', () => {
    expect(formatDate(new Date('2026-01-05T12:00:00Z'))).toBe('05.01.2026');
    // 22:30 UTC on 31.12 is already 01:30 on 01.01 in Moscow.
    expect(formatDate(new Date('2025-12-31T22:30:00Z'))).toBe('01.01.2026');
    expect(formatDate(new Date('2025-12-31T22:30:00Z'), 'UTC')).toBe('31.12.2025');
    expect(formatDate(new Date('2026-11-25T09:00:00Z'))).not.toMatch(/^\d\d\.\d\d\.\d\d$/);
  });
  it('adds 24-hour time', () => {
    expect(formatDateTime(new Date('2026-11-22T00:05:00Z'))).toBe('22.11.2026 03:05');
    expect(formatDateTime(new Date('2026-11-22T21:00:00Z'))).toBe('23.11.2026 00:00');
  });
  it('turns a wire date into dd.mm.yyyy without time zones', () => {
    expect(formatIsoDate('2026-11-25')).toBe('25.11.2026');
    expect(formatIsoDate('2026-04-28T23:30:00Z')).toBe('28.04.2026');
    expect(formatIsoDate('2026-04')).toBe('2026-04');
    expect(formatIsoDate('')).toBe('');
    expect(formatMonthDay('04-28')).toBe('28.04');
    expect(formatMonthDay('2026-04-28')).toBe('2026-04-28');
  });
  it('reads a typed date into the wire form', () => {
    expect(parseRuDate('25.11.2026')).toBe('2026-11-25');
    expect(parseRuDate(' 5.1.26 ')).toBe('2026-01-05');
    expect(parseRuDate('2026-11-25')).toBe('2026-11-25');
    expect(parseRuDate('29.02.2028')).toBe('2028-02-29');
  });
  it('refuses what is not a day of the calendar', () => {
    for (const t of ['31.02.2026', '29.02.2026', '2026-02-30', '32.01.2026', '00.01.2026', '01.13.2026', '00.00.0000', '25.11', '25/11/2026', '25.11.026', 'завтра', '']) {
      expect(parseRuDate(t), t).toBeNull();
    }
  });
  it('reads a typed month', () => {
    expect(parseRuMonth('01.2026')).toBe('2026-01');
    expect(parseRuMonth('1.2026')).toBe('2026-01');
    expect(parseRuMonth('2026-12')).toBe('2026-12');
    for (const t of ['13.2026', '00.2026', '2026-13', '2026-00', '1.26', 'январь']) expect(parseRuMonth(t), t).toBeNull();
  });
  it('a written date reads back to the same day', () => {
    for (const iso of ['2026-01-05', '2028-02-29', '1999-12-31']) expect(parseRuDate(formatIsoDate(iso))).toBe(iso);
  });
  it('today is Moscow\'s day, which starts at 21:00 UTC', () => {
    expect(moscowToday(new Date('2026-11-24T20:59:59Z'))).toBe('2026-11-24');
    expect(moscowToday(new Date('2026-11-24T21:00:00Z'))).toBe('2026-11-25');
    expect(moscowToday(new Date('2025-12-31T21:00:00Z'))).toBe('2026-01-01');
    expect(moscowToday(new Date('2026-01-01T01:59:59+05:00'))).toBe('2025-12-31');
    expect(moscowToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
  it('today is remembered within a minute only, so midnight in Moscow turns the day at once', () => {
    expect(moscowToday(new Date('2026-11-24T20:59:00Z'))).toBe('2026-11-24');
    expect(moscowToday(new Date('2026-11-24T20:59:59.999Z'))).toBe('2026-11-24');
    expect(moscowToday(new Date('2026-11-24T21:00:00Z'))).toBe('2026-11-25');
    expect(moscowToday(new Date('2026-11-24T20:59:30Z'))).toBe('2026-11-24');
  });
  it('a day picked in a calendar keeps its local date', () => {
    expect(isoOfLocalDay(new Date(2026, 10, 25))).toBe('2026-11-25');
    expect(isoOfLocalDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
