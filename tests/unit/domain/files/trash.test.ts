// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { trashDaysLeft, trashDaysLeftText } from '@/lib/domain/files/trash';
import { formatDateTime } from '@/lib/domain/format/date';

describe('recycle bin days left', () => {
  it('counts a part of a day as a day and never goes below zero', () => {
    const now = new Date('2026-11-25T14:05:00Z');
    expect(trashDaysLeft(new Date('2026-12-25T14:05:00Z'), now)).toBe(30);
    expect(trashDaysLeft(new Date('2026-11-26T14:04:00Z'), now)).toBe(1);
    expect(trashDaysLeft(new Date('2026-11-25T14:06:00Z'), now)).toBe(1);
    expect(trashDaysLeft(new Date('2026-11-24T00:00:00Z'), now)).toBe(0);
  });

  it('says it in Russian with the right plural', () => {
    expect(trashDaysLeftText(1)).toBe('остался 1 день');
    expect(trashDaysLeftText(3)).toBe('осталось 3 дня');
    expect(trashDaysLeftText(5)).toBe('осталось 5 дней');
    expect(trashDaysLeftText(11)).toBe('осталось 11 дней');
    expect(trashDaysLeftText(21)).toBe('остался 21 день');
    expect(trashDaysLeftText(22)).toBe('осталось 22 дня');
    expect(trashDaysLeftText(29)).toBe('осталось 29 дней');
    expect(trashDaysLeftText(0)).toBe('удалится сегодня');
  });

  it('shows the deletion moment with the full year, Moscow time', () => {
    expect(formatDateTime(new Date('2026-11-25T11:05:00Z'))).toBe('25.11.2026 14:05');
  });
});
