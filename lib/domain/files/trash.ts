import { plural } from '@/lib/domain/words/amount-in-words';

const DAY = 86_400_000;

/** Whole days until an object in the recycle bin is deleted for good (a part of a day counts as a day; 0 when due). */
export function trashDaysLeft(expiresAt: Date, now: Date): number {
  return Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY));
}

/** «остался 1 день», «осталось 3 дня», «осталось 29 дней»; «удалится сегодня» when due. */
export function trashDaysLeftText(days: number): string {
  if (days <= 0) return 'удалится сегодня';
  return `${plural(days, ['остался', 'осталось', 'осталось'])} ${days} ${plural(days, ['день', 'дня', 'дней'])}`;
}
