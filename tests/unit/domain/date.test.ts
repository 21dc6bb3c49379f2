import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatIsoDate } from '@/lib/domain/format/date';

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
  });
});
