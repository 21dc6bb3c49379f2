import { describe, expect, it } from 'vitest';
import { activitySummary, type ActivityEvent, type ActivityKind } from '@/lib/domain/activity';
import { achievementsOf } from '@/lib/domain/activity/achievements';
import { addDays, mondayOf, moscowDay } from '@/lib/domain/activity/days';
import { activeDays, firstRunOf, streakOf } from '@/lib/domain/activity/streak';
import { weeklyActivity } from '@/lib/domain/activity/weeks';

const ev = (kind: ActivityKind, at: string, subjectId: string | null = null, count = 1): ActivityEvent => ({ kind, subjectId, at: new Date(at), count });
/** Noon in Moscow of a day. */
const noonOf = (day: string) => `${day}T09:00:00Z`;

describe('Moscow days and weeks', () => {
  it('a moment belongs to its Moscow day, whatever the UTC date', () => {
    expect(moscowDay(new Date('2026-11-22T20:59:59Z'))).toBe('2026-11-22');
    expect(moscowDay(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23');
  });

  it('weeks begin on Monday', () => {
    expect(mondayOf('2026-11-23')).toBe('2026-11-23'); // Monday
    expect(mondayOf('2026-11-29')).toBe('2026-11-23'); // Sunday
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28'); // across the year
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });

  it('twelve weeks, oldest first, the last one the current week', () => {
    const weeks = weeklyActivity([], '2026-11-26');
    expect(weeks).toHaveLength(12);
    expect(weeks[11]).toMatchObject({ start: '2026-11-23', end: '2026-11-29', total: 0 });
    expect(weeks[0]!.start).toBe('2026-09-07');
  });

  it('Sunday 23:59:59 Moscow is the old week, Monday 00:00 Moscow the new one', () => {
    const weeks = weeklyActivity(
      [ev('spec.created', '2026-11-22T20:59:59Z'), ev('spec.saved', '2026-11-22T21:00:00Z'), ev('spec.saved', '2026-11-22T21:00:01Z', 'x', 2)],
      '2026-11-26',
    );
    expect(weeks[10]).toMatchObject({ start: '2026-11-16', total: 1 });
    expect(weeks[10]!.counts['spec.created']).toBe(1);
    expect(weeks[11]).toMatchObject({ start: '2026-11-23', total: 3 });
    expect(weeks[11]!.counts['spec.saved']).toBe(3);
    expect(weeks[11]!.counts['spec.created']).toBe(0);
  });

  it('events before the twelve weeks are not counted in them', () => {
    const weeks = weeklyActivity([ev('company.added', '2026-09-06T20:59:59Z'), ev('company.added', '2026-09-06T21:00:00Z')], '2026-11-26');
    expect(weeks.reduce((a, w) => a + w.total, 0)).toBe(1);
    expect(weeks[0]!.total).toBe(1);
  });
});

describe('streak of active days', () => {
  const days = ['2026-11-10', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'];

  it('counts consecutive days ending today', () => {
    expect(streakOf([...days, '2026-11-26'], '2026-11-26')).toEqual({ days: 7, today: true, best: 7 });
  });

  it('ending yesterday, the streak still holds (today is not over)', () => {
    expect(streakOf(days, '2026-11-26')).toEqual({ days: 6, today: false, best: 6 });
  });

  it('a missed day breaks it', () => {
    expect(streakOf(days, '2026-11-27')).toEqual({ days: 0, today: false, best: 6 });
    expect(streakOf([], '2026-11-27')).toEqual({ days: 0, today: false, best: 0 });
  });

  it('days are Moscow days: 23:30 and 00:30 Moscow are two days in a row', () => {
    const list = activeDays([ev('spec.saved', '2026-11-25T20:30:00Z'), ev('spec.saved', '2026-11-25T21:30:00Z')]);
    expect(list).toEqual(['2026-11-25', '2026-11-26']);
    expect(streakOf(list, '2026-11-26').days).toBe(2);
  });

  it('the first day a run of n days was complete', () => {
    expect(firstRunOf(days, 3)).toBe('2026-11-22');
    expect(firstRunOf(days, 7)).toBeNull();
  });
});

describe('achievements', () => {
  const byId = (events: ActivityEvent[]) => Object.fromEntries(achievementsOf(events, activeDays(events)).map((a) => [a.id, a]));

  it('every achievement has a Russian name and the rule that earns it', () => {
    for (const a of achievementsOf([], [])) {
      expect(a.title).toMatch(/^[А-ЯЁ]/);
      expect(a.rule).toMatch(/[а-яё].*\.$/);
      expect(a).toMatchObject({ done: 0, earnedOn: null });
    }
  });

  it('earned on the day of the event that reached the goal', () => {
    const events = [ev('spec.created', noonOf('2026-11-20')), ev('spec.created', noonOf('2026-11-21'))];
    expect(byId(events)['first-spec']).toMatchObject({ done: 1, goal: 1, earnedOn: '2026-11-20', left: '' });
  });

  it('ten калькуляции counted through groups of several events', () => {
    const events = [ev('cost.calculated', noonOf('2026-11-02'), 'a', 4), ev('cost.calculated', noonOf('2026-11-01'), 'b', 5)];
    expect(byId(events)['ten-calculations']).toMatchObject({ done: 9, earnedOn: null, left: 'ещё 1 калькуляция' });
    events.push(ev('cost.calculated', noonOf('2026-11-03'), 'a'));
    expect(byId(events)['ten-calculations']).toMatchObject({ done: 10, earnedOn: '2026-11-03' });
  });

  it('five different calculators: the same one twice counts once', () => {
    const events = ['vat', 'vat', 'penalty', 'salary'].map((id, i) => ev('calculator.used', noonOf(`2026-11-0${i + 1}`), id));
    expect(byId(events)['five-calculators']).toMatchObject({ done: 3, left: 'ещё 2 калькулятора' });
    events.push(ev('calculator.used', noonOf('2026-11-07'), 'npv'), ev('calculator.used', noonOf('2026-11-08'), 'loan'));
    expect(byId(events)['five-calculators']).toMatchObject({ done: 5, earnedOn: '2026-11-08' });
  });

  it('a week without a break: seven Moscow days in a row, in any kinds', () => {
    const kinds: ActivityKind[] = ['spec.saved', 'company.added', 'calculator.used', 'document.uploaded', 'cost.calculated', 'spec.created'];
    const six = kinds.map((k, i) => ev(k, noonOf(addDays('2026-11-10', i))));
    expect(byId(six)['week-streak']).toMatchObject({ done: 6, earnedOn: null, left: 'ещё 1 день' });
    expect(byId([...six, ev('spec.saved', '2026-11-15T21:00:00Z')])['week-streak']).toMatchObject({ done: 7, earnedOn: '2026-11-16' });
  });

  it('the archivist counts uploaded and generated documents together', () => {
    const events = Array.from({ length: 9 }, (_, i) => ev(i % 2 ? 'document.uploaded' : 'document.generated', noonOf(addDays('2026-10-01', i)), `f${i}`));
    expect(byId(events).archivist).toMatchObject({ done: 9, left: 'ещё 1 документ' });
    expect(byId(events)['first-template-document']!.earnedOn).toBe('2026-10-01');
  });

  it('plural forms of what is left: 1, 2–4, 5–20, 21, 11–14', () => {
    const left = (n: number) => byId(Array.from({ length: 20 - n }, (_, i) => ev('spec.saved', noonOf(addDays('2026-01-01', i * 2)))))['twenty-days']!.left;
    expect(left(1)).toBe('ещё 1 день');
    expect(left(2)).toBe('ещё 2 дня');
    expect(left(5)).toBe('ещё 5 дней');
    expect(left(11)).toBe('ещё 11 дней');
    expect(left(14)).toBe('ещё 14 дней');
    expect(byId([])['ten-calculations']!.left).toBe('ещё 10 калькуляций');
    expect(byId([])['ten-saves']!.left).toBe('ещё 10 сохранений');
    expect(byId([ev('spec.saved', noonOf('2026-01-01'), null, 6)])['ten-saves']!.left).toBe('ещё 4 сохранения');
  });

  it('the graduate: a course completed', () => {
    expect(byId([ev('course.completed', noonOf('2026-11-25'), 'cost-basics')]).graduate).toMatchObject({ earnedOn: '2026-11-25' });
  });
});

describe('activitySummary', () => {
  it('puts weeks, streak, achievements and totals together as of now', () => {
    const s = activitySummary([ev('calculator.used', '2026-11-26T06:00:00Z', 'vat'), ev('spec.created', '2026-11-25T06:00:00Z', 's')], new Date('2026-11-26T20:59:00Z'));
    expect(s.today).toBe('2026-11-26');
    expect(s.weeks[11]!.total).toBe(2);
    expect(s.streak).toEqual({ days: 2, today: true, best: 2 });
    expect(s.totals['calculator.used']).toBe(1);
    expect(s.achievements.find((a) => a.id === 'first-spec')!.earnedOn).toBe('2026-11-25');
  });
});
