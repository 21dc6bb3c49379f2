import 'server-only';
import { and, asc, eq } from 'drizzle-orm';
import type { ExerciseDef, Screen } from '@/lib/domain/education/types';
import type { AppContext } from '../../context';
import { educationCourses, educationLessons } from '../../db/schema';
import { ServiceError } from '../../errors';
import { ensureEducationContent } from './content-sync';

/** A lesson without its text: what lists, progress and grading need. */
export interface LessonHead {
  courseId: string;
  id: string;
  title: string;
  order: number;
  minutes: number;
  exercises: ExerciseDef[];
}

export interface CourseHead {
  id: string;
  title: string;
  summary: string;
  order: number;
  adminEdited: boolean;
  lessons: LessonHead[];
}

/** Every course with its lessons in order (no texts). */
export async function listCatalog(ctx: Pick<AppContext, 'db'>): Promise<CourseHead[]> {
  await ensureEducationContent(ctx);
  const courses = await ctx.db
    .select({ id: educationCourses.id, title: educationCourses.title, summary: educationCourses.summary, order: educationCourses.order, adminEdited: educationCourses.adminEdited })
    .from(educationCourses)
    .orderBy(asc(educationCourses.order), asc(educationCourses.id));
  const lessons = await ctx.db
    .select({
      courseId: educationLessons.courseId,
      id: educationLessons.id,
      title: educationLessons.title,
      order: educationLessons.order,
      minutes: educationLessons.minutes,
      exercises: educationLessons.exercises,
    })
    .from(educationLessons)
    .orderBy(asc(educationLessons.order), asc(educationLessons.id));
  return courses.map((c) => ({
    ...c,
    lessons: lessons.filter((l) => l.courseId === c.id).map((l) => ({ ...l, exercises: l.exercises as unknown as ExerciseDef[] })),
  }));
}

export const courseNotFound = () => new ServiceError('NOT_FOUND', 'Курс не найден.');
export const lessonNotFound = () => new ServiceError('NOT_FOUND', 'Урок не найден.');

/** One course with its lessons; 404 when there is none. */
export async function courseHead(ctx: Pick<AppContext, 'db'>, courseId: string): Promise<CourseHead> {
  const course = (await listCatalog(ctx)).find((c) => c.id === courseId);
  if (!course) throw courseNotFound();
  return course;
}

export interface CoursePage {
  id: string;
  title: string;
  summary: string;
  body: string;
  adminEdited: boolean;
  lessons: { id: string; title: string; minutes: number; exercises: number }[];
}

/** A course as its page shows it (the introduction's Markdown), or null. */
export async function readCourse(ctx: Pick<AppContext, 'db'>, courseId: string): Promise<CoursePage | null> {
  await ensureEducationContent(ctx);
  const [c] = await ctx.db.select().from(educationCourses).where(eq(educationCourses.id, courseId));
  if (!c) return null;
  const lessons = await ctx.db
    .select({ id: educationLessons.id, title: educationLessons.title, minutes: educationLessons.minutes, exercises: educationLessons.exercises })
    .from(educationLessons)
    .where(eq(educationLessons.courseId, courseId))
    .orderBy(asc(educationLessons.order), asc(educationLessons.id));
  return {
    id: c.id,
    title: c.title,
    summary: c.summary,
    body: c.body,
    adminEdited: c.adminEdited,
    lessons: lessons.map((l) => ({ id: l.id, title: l.title, minutes: l.minutes, exercises: l.exercises.length })),
  };
}

export interface LessonPage {
  courseId: string;
  courseTitle: string;
  id: string;
  title: string;
  minutes: number;
  screens: Screen[];
  exercises: ExerciseDef[];
  body: string;
  adminEdited: boolean;
  /** Position in the course (1-based) and the neighbours. */
  number: number;
  total: number;
  prev: { id: string; title: string } | null;
  next: { id: string; title: string } | null;
}

/** A lesson as its page shows it, with the course's title and the previous and next lessons, or null. */
export async function readLesson(ctx: Pick<AppContext, 'db'>, courseId: string, lessonId: string): Promise<LessonPage | null> {
  const course = await readCourse(ctx, courseId);
  if (!course) return null;
  const [l] = await ctx.db
    .select()
    .from(educationLessons)
    .where(and(eq(educationLessons.courseId, courseId), eq(educationLessons.id, lessonId)));
  if (!l) return null;
  const at = course.lessons.findIndex((x) => x.id === lessonId);
  const near = (i: number) => {
    const x = course.lessons[i];
    return x ? { id: x.id, title: x.title } : null;
  };
  return {
    courseId,
    courseTitle: course.title,
    id: l.id,
    title: l.title,
    minutes: l.minutes,
    screens: l.screens,
    exercises: l.exercises as unknown as ExerciseDef[],
    body: l.body,
    adminEdited: l.adminEdited,
    number: at + 1,
    total: course.lessons.length,
    prev: near(at - 1),
    next: near(at + 1),
  };
}
