import { describe, expect, it } from 'vitest';
import { formatDateShort, formatDateTimeShort } from '@/lib/domain/format/date';

describe('Russian short dates', () => {
  it('writes dd.mm.yy in Moscow time', () => {
    expect(formatDateShort(new Date('2026-01-05T12:00:00Z'))).toBe('05.01.26');
    // 22:30 UTC on 31.12 is already 01:30 on 01.01 in Moscow.
    expect(formatDateShort(new Date('2025-12-31T22:30:00Z'))).toBe('01.01.26');
    expect(formatDateShort(new Date('2025-12-31T22:30:00Z'), 'UTC')).toBe('31.12.25');
  });
  it('adds 24-hour time', () => {
    expect(formatDateTimeShort(new Date('2026-11-22T00:05:00Z'))).toBe('22.11.26 03:05');
    expect(formatDateTimeShort(new Date('2026-11-22T21:00:00Z'))).toBe('23.11.26 00:00');
  });
});
