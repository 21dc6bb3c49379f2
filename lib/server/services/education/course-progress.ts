import 'server-only';
import { continueLesson } from '@/lib/domain/education/progress';
import type { CourseHead } from './catalog';
import type { AttemptRow, ProgressRow } from './progress-store';

export interface LessonProgress {
  id: string;
  title: string;
  minutes: number;
  href: string;
  opened: boolean;
  read: boolean;
  completed: boolean;
  exercisesTotal: number;
  exercisesDone: number;
  /** Time spent, seconds (approximate: activity gaps, each capped). */
  seconds: number;
}

export interface CourseProgress {
  lessonsTotal: number;
  lessonsDone: number;
  exercisesTotal: number;
  exercisesDone: number;
  seconds: number;
  next: { lessonId: string; title: string; href: string } | null;
  lessons: LessonProgress[];
}

export const lessonHref = (courseId: string, lessonId: string) => `/education/${courseId}/${lessonId}`;

/** A course's progress for a user from their rows: per lesson, totals and where «Продолжить» leads. */
export function courseProgressOf(course: CourseHead, progress: readonly ProgressRow[], attempts: readonly AttemptRow[]): CourseProgress {
  const lessons = course.lessons.map((l): LessonProgress & { lastSeenAt: string | null } => {
    const row = progress.find((p) => p.courseId === course.id && p.lessonId === l.id);
    const solved = new Set(attempts.filter((a) => a.courseId === course.id && a.lessonId === l.id && a.solved).map((a) => a.exerciseId));
    return {
      id: l.id,
      title: l.title,
      minutes: l.minutes,
      href: lessonHref(course.id, l.id),
      opened: !!row,
      read: !!row?.readAt,
      completed: !!row?.completedAt,
      exercisesTotal: l.exercises.length,
      exercisesDone: l.exercises.filter((e) => solved.has(e.id)).length,
      seconds: row?.seconds ?? 0,
      lastSeenAt: row ? row.lastSeenAt.toISOString() : null,
    };
  });
  const next = continueLesson(lessons);
  return {
    lessonsTotal: lessons.length,
    lessonsDone: lessons.filter((l) => l.completed).length,
    exercisesTotal: lessons.reduce((s, l) => s + l.exercisesTotal, 0),
    exercisesDone: lessons.reduce((s, l) => s + l.exercisesDone, 0),
    seconds: lessons.reduce((s, l) => s + l.seconds, 0),
    next: next ? { lessonId: next.id, title: next.title, href: next.href } : null,
    lessons: lessons.map(({ lastSeenAt: _, ...l }) => l),
  };
}
