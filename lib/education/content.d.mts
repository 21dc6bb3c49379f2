export interface ContentError {
  file: string;
  /** 1-based line of the file. */
  line: number;
  message: string;
}

export interface ContentLink {
  file: string;
  line: number;
  href: string;
}

export interface Screen {
  title: string;
  href: string;
}

export type TaskKind = 'spec-cost' | 'calculator-run' | 'company-valid';

export type ExerciseDef =
  | { id: string; kind: 'choice'; question: string; options: string[]; answers: number[]; explanation?: string }
  | { id: string; kind: 'number'; question: string; answer: string; unit?: string; solution?: string }
  | {
      id: string;
      kind: 'task';
      question: string;
      task: TaskKind;
      params?: Record<string, unknown>;
      solution?: string;
    };

export interface CourseFile {
  id: string;
  title: string;
  order: number;
  version: number;
  summary: string;
  body: string;
  /** The whole file as written (front matter and body), what the admin's editor shows. */
  source: string;
}

export interface LessonFile {
  id: string;
  courseId: string;
  title: string;
  order: number;
  version: number;
  minutes: number;
  screens: Screen[];
  exercises: ExerciseDef[];
  body: string;
  source: string;
}

export interface ContentTreeCourse extends CourseFile {
  lessons: LessonFile[];
}

export declare const EXERCISE_KINDS: readonly string[];
export declare const TASK_KINDS: readonly TaskKind[];
export declare function parseCourse(text: string, file: string): { value: CourseFile | null; errors: ContentError[]; links?: ContentLink[] };
export declare function parseLesson(
  text: string,
  file: string,
  courseId: string,
): { value: LessonFile | null; errors: ContentError[]; links: ContentLink[] };
export declare function linkTarget(href: string): string | null;
export declare function brokenLinks(links: ContentLink[], known: Set<string>): ContentError[];
export declare function loadContentTree(
  dir: string,
  rel?: (p: string) => string,
  /** Checks that images a lesson shows (`/education/<course>/<file>.svg`) exist here. */
  publicDir?: string | null,
): { courses: ContentTreeCourse[]; errors: ContentError[] };
export declare function formatContentErrors(errors: ContentError[]): string;
export declare function checkEducationContent(dir?: string, publicDir?: string): ContentTreeCourse[];
