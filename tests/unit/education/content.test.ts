// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkEducationContent, loadContentTree, parseCourse, parseLesson } from '@/lib/education/content.mjs';

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/education');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A content folder in a temp dir: the fixture course with some files replaced. */
function tree(files: Record<string, string | null>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-content-'));
  dirs.push(dir);
  fs.cpSync(FIXTURES, dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) {
    const p = path.join(dir, rel);
    if (text === null) fs.rmSync(p);
    else {
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
    }
  }
  return dir;
}

const rel = (dir: string) => (p: string) => path.relative(dir, p);
const lesson = (front: string, body = 'Текст.') => `---\nid: third\ntitle: Третий\norder: 3\nversion: 1\nminutes: 5\n${front}---\n${body}\n`;
const errorsOf = (files: Record<string, string | null>) => {
  const dir = tree(files);
  return loadContentTree(dir, rel(dir)).errors.map((e) => `${e.file}:${e.line}: ${e.message}`);
};

describe('education content check', () => {
  it('the fixture course loads: lessons in order, exercises as written', () => {
    const { courses, errors } = loadContentTree(FIXTURES, rel(FIXTURES));
    expect(errors).toEqual([]);
    expect(courses.map((c) => c.id)).toEqual(['test-basics']);
    const [c] = courses;
    expect(c!.lessons.map((l) => l.id)).toEqual(['first', 'second']);
    expect(c!.lessons[0]!.exercises[1]).toMatchObject({ kind: 'number', answer: '2200.00', unit: '₽' });
    expect(c!.lessons[0]!.body).toContain('| Статья | Пример |');
    expect(() => checkEducationContent(FIXTURES)).not.toThrow();
  });

  it('the shipped content passes the check the build runs', () => {
    expect(() => checkEducationContent()).not.toThrow();
  });

  it('bad YAML: the file and the line of the error', () => {
    const errs = errorsOf({ 'test-basics/03-third.md': lesson('screens: [ { title: x\n') });
    expect(errs.length).toBeGreaterThan(0);
    expect(errs[0]).toMatch(/^test-basics\/03-third\.md:\d+: Ошибка YAML/);
  });

  it('no front matter block', () => {
    expect(errorsOf({ 'test-basics/03-third.md': '# Урок без блока\n' })).toEqual([
      'test-basics/03-third.md:1: Файл должен начинаться с блока «---» (YAML) и закрывать его строкой «---».',
    ]);
  });

  it('unknown exercise kind, on its line', () => {
    const errs = errorsOf({ 'test-basics/03-third.md': lesson('exercises:\n  - id: a\n    kind: essay\n    question: Напишите эссе.\n') });
    expect(errs).toEqual(['test-basics/03-third.md:9: Упражнение 1: неизвестный вид «essay» (нужно: choice, number, task).']);
  });

  it('duplicate ids: exercises in a lesson, lessons in a course', () => {
    const dupEx = 'exercises:\n  - { id: a, kind: number, question: Сколько?, answer: "1" }\n  - { id: a, kind: number, question: Сколько?, answer: "2" }\n';
    expect(errorsOf({ 'test-basics/03-third.md': lesson(dupEx) })).toEqual([
      'test-basics/03-third.md:9: Упражнение «a» повторяется: id упражнений в уроке должны быть разными.',
    ]);
    const copy = fs.readFileSync(path.join(FIXTURES, 'test-basics/01-first.md'), 'utf8');
    expect(errorsOf({ 'test-basics/03-first.md': copy })).toEqual(['test-basics/03-first.md:2: Урок «first» уже есть в курсе: test-basics/01-first.md.']);
  });

  it('answers out of range and a number answer that is not a decimal string', () => {
    const choice = 'exercises:\n  - id: a\n    kind: choice\n    question: Что?\n    options: [да, нет]\n    answers: [0, 2]\n';
    expect(errorsOf({ 'test-basics/03-third.md': lesson(choice) })).toEqual(['test-basics/03-third.md:12: answers: номер 2 вне вариантов (от 0 до 1).']);
    for (const answer of ['2200.00', '"2 200,00"', '"2200.005"', '"1e3"']) {
      const num = `exercises:\n  - id: a\n    kind: number\n    question: Сколько?\n    answer: ${answer}\n`;
      const errs = errorsOf({ 'test-basics/03-third.md': lesson(num) });
      expect(errs, answer).toHaveLength(1);
      expect(errs[0]).toMatch(/^test-basics\/03-third\.md:11: Упражнение 1: answer — десятичное число в кавычках/);
    }
  });

  it('a link to a lesson that does not exist, with its line (body and screens)', () => {
    const errs = errorsOf({
      'test-basics/03-third.md': lesson('screens:\n  - { title: Урок, href: /education/test-basics/nope }\n', 'Текст.\n\nСм. [урок](/education/other-course/x).'),
    });
    expect(errs).toEqual([
      'test-basics/03-third.md:12: Ссылка /education/other-course/x ведёт на урок или курс, которого нет.',
      'test-basics/03-third.md:8: Ссылка /education/test-basics/nope ведёт на урок или курс, которого нет.',
    ]);
  });

  it('an image the lesson shows must exist under public/', () => {
    const dir = tree({ 'test-basics/03-third.md': lesson('', '![Схема](/education/test-basics/pic.svg)') });
    const pub = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-public-'));
    dirs.push(pub);
    const check = () => loadContentTree(dir, rel(dir), pub).errors.map((e) => `${e.file}:${e.line}: ${e.message}`);
    expect(check()).toEqual(['test-basics/03-third.md:8: Файла /education/test-basics/pic.svg нет в public/education/test-basics/pic.svg.']);
    fs.mkdirSync(path.join(pub, 'education/test-basics'), { recursive: true });
    fs.writeFileSync(path.join(pub, 'education/test-basics/pic.svg'), '<svg/>');
    expect(check()).toEqual([]);
  });

  it('unknown task kind, a missing course.md, a wrong file name, an id that is not the folder', () => {
    const task = 'exercises:\n  - { id: a, kind: task, task: essay, question: Что? }\n';
    expect(errorsOf({ 'test-basics/03-third.md': lesson(task) })).toEqual(['test-basics/03-third.md:8: task — одно из: spec-cost, calculator-run, company-valid.']);
    expect(errorsOf({ 'other/01-x.md': lesson('') })).toEqual(['other:1: В папке курса нет course.md.']);
    expect(errorsOf({ 'test-basics/third.md': lesson('') })).toEqual(['test-basics/third.md:1: Имя файла урока — «NN-id-урока.md», например 01-cost-items.md.']);
    const course = fs.readFileSync(path.join(FIXTURES, 'test-basics/course.md'), 'utf8').replace('id: test-basics', 'id: renamed');
    expect(errorsOf({ 'test-basics/course.md': course })[0]).toBe('test-basics/course.md:2: id курса «renamed» не совпадает с папкой «test-basics».');
  });

  it('the build check throws every error with file and line', () => {
    const dir = tree({ 'test-basics/03-third.md': lesson('exercises: 5\n'), 'test-basics/04-x.md': '---\nid: [\n---\n' });
    let message = '';
    try {
      checkEducationContent(dir);
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('/03-third.md:7: exercises — список упражнений (не больше 50).');
    expect(message).toMatch(/04-x\.md:\d+: Ошибка YAML/);
  });

  it('parseCourse / parseLesson alone (the admin editor) report lines in the text', () => {
    expect(parseCourse('---\nid: a\ntitle: ""\norder: 1\nversion: 1\n---\n', 'курс').errors).toEqual([
      { file: 'курс', line: 3, message: 'title — название, непустая строка до 200 знаков.' },
    ]);
    const l = parseLesson(lesson(''), 'урок', 'c');
    expect(l.errors).toEqual([]);
    expect(l.value).toMatchObject({ id: 'third', courseId: 'c', minutes: 5, exercises: [], screens: [] });
  });

  it('a front matter block past its bounds is refused before the YAML reader sees it; at most 50 errors a file', () => {
    const refused: [string, RegExp][] = [
      [`---\n${Array.from({ length: 15_000 }, (_, i) => `k${i}: v`).join('\n')}\n---\n`, /больше 10\s000 знаков или 300 строк/],
      [`---\nid: a\ntitle: ${'['.repeat(9_000)}\n---\n`, /вложены глубже 32 уровней/],
    ];
    for (const [text, msg] of refused) {
      const r = parseCourse(text, 'курс');
      expect(r.value).toBeNull();
      expect(r.errors).toHaveLength(1);
      expect(r.errors[0]!.message).toMatch(msg);
    }
    const keys = parseCourse(`---\n${Array.from({ length: 290 }, (_, i) => `k${i}: v`).join('\n')}\n---\n`, 'курс');
    expect(keys.errors).toHaveLength(50);
    expect(keys.errors[0]).toMatchObject({ line: 2, message: 'Неизвестное поле «k0» в блоке «---».' });
    // Brackets in a quoted title are text.
    expect(parseCourse('---\nid: a\ntitle: "[[ [x] ]]"\norder: 1\nversion: 1\n---\nТекст', 'курс').value?.title).toBe('[[ [x] ]]');
  });
});
