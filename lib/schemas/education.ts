/** Inputs of the education calls (lib/server/services/education). */
import * as z from './zod';

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const id = (what: string) =>
  z.string({ error: `Укажите ${what}.` }).check(z.maxLength(100, { error: `Неверный ${what}.` }), z.regex(ID, { error: `Неверный ${what}.` }));

const courseId = id('идентификатор курса');
const lessonId = id('идентификатор урока');

export const educationListInput = z.object({});
export const educationSummaryInput = z.object({});
export const educationCourseInput = z.object({ courseId });
export const educationLessonInput = z.object({ courseId, lessonId });

/** A sign of activity in an open lesson (every minute while it is on screen); `read` — «Урок прочитан» or its end reached. */
export const educationHeartbeatInput = z.object({ courseId, lessonId, read: z.optional(z.boolean({ error: 'read — да или нет.' })) });

/**
 * An answer: the indices of the chosen options (choice), the number as typed (number, a `spec-cost` task), nothing
 * (other tasks). Which shape fits is checked against the exercise (422 otherwise).
 */
export const educationAnswerInput = z.object({
  courseId,
  lessonId,
  exerciseId: id('идентификатор упражнения'),
  answer: z.optional(
    z.union(
      [
        z.array(z.int().check(z.minimum(0), z.maximum(99)), { error: 'Отметьте варианты ответа.' }).check(z.maxLength(20)),
        z.string().check(z.maxLength(60, { error: 'Слишком длинный ответ.' })),
      ],
      { error: 'Ответ — отмеченные варианты или число.' },
    ),
  ),
});

export const educationCertificateInput = z.object({ courseId });

/** The admin's editor: a course (no lessonId) or a lesson; without ids — a new one. */
export const educationAdminGetInput = z.object({ courseId, lessonId: z.optional(lessonId) });

export const educationAdminSaveInput = z.object({
  kind: z.enum(['course', 'lesson'], { error: 'Что сохраняем: курс или урок.' }),
  /** The course of a lesson; for a course — the one edited (omitted = a new course). */
  courseId: z.optional(courseId),
  /** The lesson edited (omitted = a new lesson). */
  lessonId: z.optional(lessonId),
  /** The whole file: front matter and Markdown, as in content/education. */
  source: z
    .string({ error: 'Введите текст.' })
    .check(z.minLength(1, { error: 'Введите текст.' }), z.maxLength(200_000, { error: 'Не длиннее 200 000 знаков.' })),
});
