/** Progress rules of a lesson and a course, pure. */

/** Largest gap between two signs of activity that counts as time spent; a longer gap counts as this (idle). */
export const ACTIVE_GAP_SECONDS = 120;

/** A lesson is completed when it was read (the «Урок прочитан» button or its end reached) and every exercise is solved. */
export function lessonComplete(read: boolean, exerciseIds: readonly string[], solved: ReadonlySet<string>): boolean {
  return read && exerciseIds.every((id) => solved.has(id));
}

export interface LessonState {
  id: string;
  title: string;
  completed: boolean;
  /** When the user last worked in it (ISO), null = never opened. */
  lastSeenAt: string | null;
}

/**
 * Where «Продолжить» leads in a course: the first lesson in the course's order not completed — never past a lesson
 * the user has not opened or not finished; null when every lesson is done.
 */
export function continueLesson<L extends LessonState>(lessons: readonly L[]): L | null {
  return lessons.find((l) => !l.completed) ?? null;
}
