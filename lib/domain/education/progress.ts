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
 * Where «Продолжить» leads in a course: the lesson the user last worked in, if not completed; else the first
 * lesson not completed in order; null when every lesson is done.
 */
export function continueLesson<L extends LessonState>(lessons: readonly L[]): L | null {
  const open = lessons.filter((l) => !l.completed);
  if (open.length === 0) return null;
  const recent = open.filter((l) => l.lastSeenAt !== null).sort((a, b) => (a.lastSeenAt! < b.lastSeenAt! ? 1 : -1))[0];
  const latestDone = lessons.filter((l) => l.completed && l.lastSeenAt !== null).sort((a, b) => (a.lastSeenAt! < b.lastSeenAt! ? 1 : -1))[0];
  // After finishing a lesson, go on to the next one rather than back to an older unfinished one.
  if (recent && (!latestDone || recent.lastSeenAt! >= latestDone.lastSeenAt!)) return recent;
  if (latestDone) {
    const after = lessons.slice(lessons.indexOf(latestDone) + 1).find((l) => !l.completed);
    if (after) return after;
  }
  return open[0]!;
}
