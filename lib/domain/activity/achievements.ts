import { countOf, DAYS, type Forms } from '@/lib/domain/format/plural';
import { moscowDay } from './days';
import type { ActivityEvent, ActivityKind } from './kinds';
import { firstRunOf, longestRun } from './streak';

/** How an achievement is measured: events of some kinds, different subjects of a kind, days in a row, active days. */
type Measure =
  | { type: 'count'; kinds: readonly ActivityKind[] }
  | { type: 'distinct'; kind: ActivityKind }
  | { type: 'run' }
  | { type: 'days' };

interface AchievementRule {
  id: string;
  title: string;
  /** What earns it, as the user reads it. */
  rule: string;
  goal: number;
  /** The noun of «ещё 3 калькуляции». */
  unit: Forms;
  measure: Measure;
}

const SPECS: Forms = ['спецификация', 'спецификации', 'спецификаций'];
const CALCULATIONS: Forms = ['калькуляция', 'калькуляции', 'калькуляций'];
const CALCULATORS: Forms = ['калькулятор', 'калькулятора', 'калькуляторов'];
const SAVES: Forms = ['сохранение', 'сохранения', 'сохранений'];
const COMPANIES: Forms = ['компания', 'компании', 'компаний'];
const DOCUMENTS: Forms = ['документ', 'документа', 'документов'];
const LESSONS: Forms = ['урок', 'урока', 'уроков'];
const COURSES: Forms = ['курс', 'курса', 'курсов'];

/** Every achievement, in the order the page shows them. */
export const ACHIEVEMENT_RULES: readonly AchievementRule[] = [
  { id: 'first-spec', title: 'Первая спецификация', rule: 'Создайте спецификацию изделия.', goal: 1, unit: SPECS, measure: { type: 'count', kinds: ['spec.created'] } },
  {
    id: 'ten-saves',
    title: 'Десять сохранений',
    rule: 'Сохраните новые версии спецификаций 10 раз.',
    goal: 10,
    unit: SAVES,
    measure: { type: 'count', kinds: ['spec.saved'] },
  },
  {
    id: 'ten-calculations',
    title: 'Десять калькуляций',
    rule: 'Рассчитайте себестоимость 10 раз (повторный расчёт той же спецификации в течение 10 минут не считается).',
    goal: 10,
    unit: CALCULATIONS,
    measure: { type: 'count', kinds: ['cost.calculated'] },
  },
  {
    id: 'five-calculators',
    title: 'Пять разных калькуляторов',
    rule: 'Посчитайте что-нибудь в пяти разных калькуляторах.',
    goal: 5,
    unit: CALCULATORS,
    measure: { type: 'distinct', kind: 'calculator.used' },
  },
  { id: 'first-company', title: 'Первая компания', rule: 'Добавьте компанию в разделе «Компании».', goal: 1, unit: COMPANIES, measure: { type: 'count', kinds: ['company.added'] } },
  {
    id: 'first-template-document',
    title: 'Документ по шаблону',
    rule: 'Заполните шаблон и получите готовый документ.',
    goal: 1,
    unit: DOCUMENTS,
    measure: { type: 'count', kinds: ['document.generated'] },
  },
  {
    id: 'archivist',
    title: 'Архивариус — 10 документов',
    rule: 'Загрузите или создайте по шаблонам 10 документов.',
    goal: 10,
    unit: DOCUMENTS,
    measure: { type: 'count', kinds: ['document.uploaded', 'document.generated'] },
  },
  { id: 'week-streak', title: 'Неделя без перерыва', rule: 'Работайте в Калькулусе 7 дней подряд.', goal: 7, unit: DAYS, measure: { type: 'run' } },
  { id: 'twenty-days', title: 'Двадцать рабочих дней', rule: 'Работайте в Калькулусе 20 разных дней.', goal: 20, unit: DAYS, measure: { type: 'days' } },
  { id: 'first-lesson', title: 'Первый урок', rule: 'Пройдите урок в разделе «Обучение».', goal: 1, unit: LESSONS, measure: { type: 'count', kinds: ['lesson.completed'] } },
  { id: 'graduate', title: 'Выпускник — курс пройден', rule: 'Пройдите все уроки одного курса.', goal: 1, unit: COURSES, measure: { type: 'count', kinds: ['course.completed'] } },
];

export interface Achievement {
  id: string;
  title: string;
  rule: string;
  goal: number;
  /** Progress toward the goal, at most `goal`. */
  done: number;
  /** The Moscow day it was earned, `2026-11-25`; null while not earned. */
  earnedOn: string | null;
  /** What is left, «ещё 7 калькуляций»; empty once earned. */
  left: string;
}

/** Progress and the day reached of one measure over events sorted by time. */
function measure(m: Measure, goal: number, events: readonly ActivityEvent[], days: readonly string[]): { done: number; on: string | null } {
  if (m.type === 'run') {
    return { done: longestRun(days), on: firstRunOf(days, goal) };
  }
  if (m.type === 'days') return { done: days.length, on: days[goal - 1] ?? null };
  let done = 0;
  let on: string | null = null;
  const seen = new Set<string | null>();
  for (const e of events) {
    if (m.type === 'count' ? !m.kinds.includes(e.kind) : e.kind !== m.kind || seen.has(e.subjectId)) continue;
    seen.add(e.subjectId);
    done += m.type === 'count' ? e.count : 1;
    if (on === null && done >= goal) on = moscowDay(e.at);
  }
  return { done, on };
}

/**
 * Every achievement with its progress: earned (and the day) or how much is left. `events` in any order;
 * `days` are the ascending active days (see `activeDays`).
 */
export function achievementsOf(events: readonly ActivityEvent[], days: readonly string[]): Achievement[] {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  return ACHIEVEMENT_RULES.map((r) => {
    const { done, on } = measure(r.measure, r.goal, sorted, days);
    const capped = Math.min(done, r.goal);
    return {
      id: r.id,
      title: r.title,
      rule: r.rule,
      goal: r.goal,
      done: capped,
      earnedOn: on,
      left: on ? '' : `ещё ${countOf(r.goal - capped, r.unit)}`,
    };
  });
}
