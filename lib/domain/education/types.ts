/** The education content model (a course's lessons and their exercises), as the content files write it. */

export type TaskKind = 'spec-cost' | 'calculator-run' | 'company-valid';

export interface Screen {
  title: string;
  href: string;
}

export interface ChoiceExercise {
  id: string;
  kind: 'choice';
  question: string;
  options: string[];
  /** Zero-based indices of the right options; more than one → several answers (checkboxes). */
  answers: number[];
  explanation?: string;
}

export interface NumberExercise {
  id: string;
  kind: 'number';
  question: string;
  /** A decimal string with a dot, at most two places: the user's input must equal it to the kopeck. */
  answer: string;
  unit?: string;
  solution?: string;
}

export interface TaskExercise {
  id: string;
  kind: 'task';
  question: string;
  task: TaskKind;
  params?: Record<string, unknown>;
  solution?: string;
}

export type ExerciseDef = ChoiceExercise | NumberExercise | TaskExercise;

/** What the browser may see of an exercise: never the right answers. */
export type PublicExercise =
  | { id: string; kind: 'choice'; question: string; options: string[]; multiple: boolean }
  | { id: string; kind: 'number'; question: string; unit: string | null }
  | { id: string; kind: 'task'; question: string; task: TaskKind; needsAnswer: boolean };

export function publicExercise(ex: ExerciseDef): PublicExercise {
  if (ex.kind === 'choice') return { id: ex.id, kind: 'choice', question: ex.question, options: ex.options.map(String), multiple: ex.answers.length > 1 };
  if (ex.kind === 'number') return { id: ex.id, kind: 'number', question: ex.question, unit: ex.unit ?? null };
  return { id: ex.id, kind: 'task', question: ex.question, task: ex.task, needsAnswer: ex.task === 'spec-cost' };
}
