import 'server-only';
import { gradeChoice, gradeNumber, parseAnswerNumber, type Verdict } from '@/lib/domain/education/grade';
import type { ExerciseDef } from '@/lib/domain/education/types';
import type { Dec } from '@/lib/domain/money';
import { educationAnswerInput } from '@/lib/schemas/education';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { courseHead, lessonNotFound } from './catalog';
import { gradeTask } from './grade-task';
import { recordAttempt, settleLesson, touchLesson } from './progress-store';

const wrongShape = (message: string) => new ServiceError('VALIDATION_ERROR', message, { fields: { answer: message } });

/** The user's number, or a 422 saying how to type it. */
function numberOf(answer: unknown): Dec {
  if (typeof answer !== 'string') throw wrongShape('Введите число, например 2 200,00.');
  const n = parseAnswerNumber(answer);
  if (!n.ok) throw wrongShape(n.message);
  return n.value;
}

/** Checks the answer's shape against the exercise (422 in Russian) and grades it. */
export async function gradeAnswer(ctx: AppContext, userId: string, ex: ExerciseDef, answer: unknown): Promise<Verdict> {
  if (ex.kind === 'choice') {
    if (!Array.isArray(answer) || answer.length === 0) throw wrongShape('Отметьте хотя бы один вариант ответа.');
    if (answer.some((i) => typeof i !== 'number' || i >= ex.options.length)) throw wrongShape('Такого варианта ответа нет.');
    if (ex.answers.length === 1 && answer.length > 1) throw wrongShape('Здесь верен один вариант — отметьте один.');
    return gradeChoice(ex, answer as number[]);
  }
  if (ex.kind === 'number') return gradeNumber(ex, numberOf(answer));
  if (ex.task === 'spec-cost') return gradeTask(ctx, userId, ex, numberOf(answer));
  if (answer !== undefined && answer !== '') throw wrongShape('Это задание проверяется по сделанному в продукте: ответ не нужен.');
  return gradeTask(ctx, userId, ex, null);
}

/**
 * `education/answer {courseId, lessonId, exerciseId, answer?}` → `{correct, message, attempts, solved, completed,
 * courseCompleted}`. Graded on the server; every attempt is counted, the best result kept.
 */
export const answerCall = defineCall({
  input: educationAnswerInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const course = await courseHead(ctx, input.courseId);
    const lesson = course.lessons.find((l) => l.id === input.lessonId);
    if (!lesson) throw lessonNotFound();
    const ex = lesson.exercises.find((e) => e.id === input.exerciseId);
    if (!ex) throw new ServiceError('NOT_FOUND', 'Упражнение не найдено.');
    const verdict = await gradeAnswer(ctx, user.id, ex, input.answer);
    await touchLesson(ctx.db, user.id, course.id, lesson.id);
    const row = await recordAttempt(ctx.db, user.id, course.id, lesson.id, ex.id, verdict.correct);
    const settled = await settleLesson(ctx, user.id, course, lesson.id);
    return {
      msg: verdict.message,
      correct: verdict.correct,
      message: verdict.message,
      attempts: row.attempts,
      solved: row.solved,
      completed: settled.lessonCompleted,
      courseCompleted: settled.courseCompleted,
    };
  },
});
