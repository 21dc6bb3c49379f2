import 'server-only';
import type { AppContext } from '../../context';
import { log } from '../../log';

/** A user completed every lesson of a course (told once per user and course). */
export interface CourseCompletedEvent {
  userId: string;
  courseId: string;
  courseTitle: string;
  completedAt: Date;
}

type Listener = (ctx: AppContext, event: CourseCompletedEvent) => Promise<void> | void;

const KEY = Symbol.for('kalkulus.education.courseCompleted');
const holder = globalThis as { [KEY]?: Listener[] };
const listeners = (holder[KEY] ??= []);

/**
 * Subscribes to «курс пройден» (for example, a notification): the listener runs after the completion is stored,
 * off the answer's path; its failure is logged and never fails the answer. Returns the unsubscribe function.
 */
export function onCourseCompleted(listener: Listener): () => void {
  listeners.push(listener);
  return () => {
    const at = listeners.indexOf(listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

/** Tells every listener; called once by settleLesson when the completion row is first written. */
export async function courseCompleted(ctx: AppContext, event: CourseCompletedEvent): Promise<void> {
  for (const l of [...listeners]) {
    try {
      await l(ctx, event);
    } catch (err) {
      log.error(`course.completed listener failed (course ${event.courseId})`, err);
    }
  }
}
