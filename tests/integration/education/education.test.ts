// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentTree } from '@/lib/education/content.mjs';
import { ensureEducationContent, syncShippedContent } from '@/lib/server/services/education/content-sync';
import { onCourseCompleted, type CourseCompletedEvent } from '@/lib/server/services/education/events';
import { flushActivity } from '@/lib/server/services/activity/record';
import { rows } from '@/lib/server/db/rows';
import { sql } from 'drizzle-orm';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { callProduct, productSuite } from '../../helpers/product';
import { ownWorkshop } from '../companies/fixtures';
import { shelfParams } from '../cost/fixtures';

const suite = productSuite();
type Answer = { status: number; body: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (user: TestUser | null, name: string, body: unknown): Promise<Answer> => callProduct<Answer['body']>(suite.ctx, user, name, body);

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/education');
const C = 'test-basics';
const fixtureCourses = () => loadContentTree(FIXTURES).courses;

/** The fixture course with one lesson file changed (a new shipped version of the product). */
function shippedUpdate(lesson: string, edit: (text: string) => string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edu-ship-'));
  try {
    fs.cpSync(FIXTURES, dir, { recursive: true });
    const p = path.join(dir, C, lesson);
    fs.writeFileSync(p, edit(fs.readFileSync(p, 'utf8')));
    return loadContentTree(dir).courses;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const stool = (materials: number) => ({
  schemaVersion: 1,
  name: 'Табурет сосновый',
  unit: 'шт',
  materials: [
    { id: 'm1', name: 'Брус сосновый', unit: 'м', qty: '2,4', price: '310,00' },
    { id: 'm2', name: 'Клей ПВА', unit: 'кг', qty: '0,1', price: '450' },
    { id: 'm3', name: 'Лак', unit: 'л', qty: '0,2', price: '800' },
  ].slice(0, materials),
  operations: [{ id: 'o1', name: 'Столярные работы', hours: '1,5', rate: '520' }],
});

describe(`Обучение (${testDriver()})`, () => {
  it('loads the shipped content at start-up, once, by version', async () => {
    await ensureEducationContent(suite.ctx);
    const first = await syncShippedContent(suite.ctx.db, fixtureCourses());
    expect(first).toEqual({ added: 3, updated: 0, keptAdmin: 0 });
    expect(await syncShippedContent(suite.ctx.db, fixtureCourses())).toEqual({ added: 0, updated: 0, keptAdmin: 0 });
    const r = await call(suite.alice, 'education/list', {});
    expect(r.status).toBe(200);
    const course = r.body.courses.find((c: { id: string }) => c.id === C);
    expect(course).toMatchObject({ title: 'Тестовый курс', lessonsTotal: 2, lessonsDone: 0, exercisesTotal: 5, exercisesDone: 0, completedAt: null });
    expect(course.next).toEqual({ lessonId: 'first', title: 'Статьи калькуляции', href: `/education/${C}/first` });
  });

  it('needs sign-in; unknown course or lesson — 404; an answer of the wrong shape — 422 in Russian', async () => {
    expect((await call(null, 'education/list', {})).status).toBe(401);
    expect((await call(suite.alice, 'education/course', { courseId: 'nope' })).body).toMatchObject({ ok: false, code: 'NOT_FOUND', msg: 'Курс не найден.' });
    expect((await call(suite.alice, 'education/lesson', { courseId: C, lessonId: 'nope' })).status).toBe(404);
    const ans = (exerciseId: string, answer: unknown) => call(suite.bob, 'education/answer', { courseId: C, lessonId: 'first', exerciseId, answer });
    expect((await ans('direct-costs', '1')).body).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', msg: 'Отметьте хотя бы один вариант ответа.' });
    expect((await ans('direct-costs', [7])).body.msg).toBe('Такого варианта ответа нет.');
    expect((await ans('vat-out', [1])).body.msg).toBe('Введите число, например 2 200,00.');
    expect((await ans('vat-out', 'две тысячи')).status).toBe(422);
    expect((await ans('vat-out', { x: 1 })).status).toBe(422);
    expect((await ans('missing', '1')).status).toBe(404);
    // Refused answers are not attempts.
    const s = await call(suite.bob, 'education/summary', {});
    expect(s.body.retry).toEqual([]);
  });

  it('progress: opened, attempts and the best result, read, completed; summary and retry; time capped', async () => {
    const a = suite.alice;
    const open = await call(a, 'education/lesson', { courseId: C, lessonId: 'first' });
    expect(open.status).toBe(200);
    expect(open.body.exercises[0]).toEqual({ id: 'direct-costs', kind: 'choice', question: 'Какие затраты прямые для табурета?', options: expect.any(Array), multiple: true, attempts: 0, solved: false });
    expect(JSON.stringify(open.body)).not.toContain('2200.00'); // never the right answer
    const wrong = await call(a, 'education/answer', { courseId: C, lessonId: 'first', exerciseId: 'vat-out', answer: '2 200,01' });
    expect(wrong.body).toMatchObject({ correct: false, attempts: 1, solved: false, completed: false });
    let s = await call(a, 'education/summary', {});
    expect(s.body.retry).toEqual([{ courseId: C, lessonId: 'first', lessonTitle: 'Статьи калькуляции', exerciseId: 'vat-out', question: 'Выделите НДС 22 % из суммы 12 200,00 ₽.', href: `/education/${C}/first` }]);
    expect((await call(a, 'education/answer', { courseId: C, lessonId: 'first', exerciseId: 'vat-out', answer: '2 200,00' })).body).toMatchObject({ correct: true, attempts: 2, solved: true });
    // A wrong answer after solving keeps the best result.
    expect((await call(a, 'education/answer', { courseId: C, lessonId: 'first', exerciseId: 'vat-out', answer: '1' })).body).toMatchObject({ correct: false, attempts: 3, solved: true });
    expect((await call(a, 'education/answer', { courseId: C, lessonId: 'first', exerciseId: 'direct-costs', answer: [2, 0] })).body).toMatchObject({ correct: true, completed: false });
    // Not read yet → not completed; reading completes it.
    const read = await call(a, 'education/heartbeat', { courseId: C, lessonId: 'first', read: true });
    expect(read.body).toMatchObject({ read: true, completed: true, courseCompleted: false });
    s = await call(a, 'education/summary', {});
    expect(s.body.retry).toEqual([]);
    expect(s.body.courses.find((c: { id: string }) => c.id === C)).toMatchObject({ lessonsDone: 1, exercisesDone: 2, next: { lessonId: 'second', href: `/education/${C}/second` } });
    // Time: gaps are capped (an hour away counts as two minutes).
    await suite.ctx.database.exec(`update education_progress set last_seen_at = now() - interval '1 hour', seconds = 0 where lesson_id = 'first' and user_id = '${a.user.id}'`);
    await call(a, 'education/heartbeat', { courseId: C, lessonId: 'first' });
    const course = await call(a, 'education/course', { courseId: C });
    expect(course.body.lessons[0]).toMatchObject({ id: 'first', opened: true, read: true, completed: true, exercisesDone: 2, seconds: 120 });
    expect(course.body.lessons[1]).toMatchObject({ id: 'second', opened: false, completed: false });
    expect(course.body.next.lessonId).toBe('second');
  });

  it('tasks in the product: spec-cost by the real cost engine over the saved specification with the user\'s defaults', async () => {
    const a = suite.alice;
    const ans = (exerciseId: string, answer?: string) => call(a, 'education/answer', { courseId: C, lessonId: 'second', exerciseId, answer });
    expect((await ans('stool', '100')).body.message).toBe('Спецификация с названием «Табурет» не найдена. Создайте и сохраните её в «Спецификациях».');
    const created = await call(a, 'specs/create', { doc: stool(1) });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await ans('stool', '100')).body.message).toBe('Нужно не меньше 2 материалов в спецификации «Табурет».');
    const saved = await call(a, 'specs/save', { id: created.body.id, doc: stool(3), version: created.body.version });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await call(a, 'cost/defaults/save', { params: shelfParams })).status).toBe(200);
    const cost = await call(a, 'cost/calculate', { spec: { specId: created.body.id } });
    const full: string = cost.body.result.perUnit.fullCost;
    // The user's defaults matter: for a user without them the figure is another one.
    const bare = await call(suite.bob, 'cost/calculate', { spec: stool(3) });
    expect(bare.body.result.perUnit.fullCost).not.toBe(full);
    const wrong = await ans('stool', bare.body.result.perUnit.fullCost.replace('.', ','));
    expect(wrong.body).toMatchObject({ correct: false, message: 'Полная себестоимость по вашей спецификации другая — откройте «Себестоимость» и проверьте.' });
    const ru = full.replace(/\B(?=(\d{3})+(?!\d))/, ' ').replace('.', ',');
    expect((await ans('stool', ru)).body).toMatchObject({ correct: true, solved: true });
  });

  it('tasks: calculator-run and company-valid; the course completes once, the listener hears it', async () => {
    const a = suite.alice;
    const heard: CourseCompletedEvent[] = [];
    const off = onCourseCompleted((_ctx, e) => void heard.push(e));
    try {
      const ans = (exerciseId: string) => call(a, 'education/answer', { courseId: C, lessonId: 'second', exerciseId });
      expect((await ans('vat-run')).body.message).toBe('Расчёта в калькуляторе «НДС: начислить / выделить» пока нет: откройте его и посчитайте.');
      await call(a, 'calculators/run', { id: 'vat', input: { amount: '1000', mode: 'add', ratePct: '22' } });
      expect((await ans('vat-run')).body.correct).toBe(false);
      await call(a, 'calculators/run', { id: 'vat', input: { amount: '12 200', mode: 'extract', ratePct: '22' } });
      expect((await ans('vat-run')).body.correct).toBe(true);
      expect((await ans('own-company')).body.message).toBe('Карточки своей компании пока нет: добавьте её в «Компаниях».');
      // A card stored before the checks (old data): its ИНН check digit is wrong.
      await suite.ctx.database.exec(`insert into companies (owner_id, is_own, kind, full_name, inn) values ('${a.user.id}', true, 'legal', 'ООО «Старое»', '7707083894')`);
      expect((await ans('own-company')).body.message).toMatch(/реквизиты не проходят проверку/);
      expect((await call(a, 'companies/create', ownWorkshop)).status).toBe(200);
      await call(a, 'education/heartbeat', { courseId: C, lessonId: 'second', read: true });
      const last = await ans('own-company');
      expect(last.body).toMatchObject({ correct: true, completed: true, courseCompleted: true });
      await ans('own-company');
      expect(heard.map((e) => [e.userId, e.courseId, e.courseTitle])).toEqual([[a.user.id, C, 'Тестовый курс']]);
      // The activity log: each lesson and the course once.
      await flushActivity();
      const events = await rows<{ kind: string; subject_id: string }>(
        suite.ctx.db,
        sql`select kind, subject_id from activity_events where user_id = ${a.user.id} and kind like '%.completed' order by id`,
      );
      expect(events.map((e) => `${e.kind} ${e.subject_id}`)).toEqual([`lesson.completed ${C}/first`, `lesson.completed ${C}/second`, `course.completed ${C}`]);
      let cert = await call(a, 'education/certificate', { courseId: C });
      expect(cert.body).toMatchObject({ courseTitle: 'Тестовый курс', lessons: 2, name: a.user.email });
      await suite.ctx.database.exec(`update auth_users set first_name = 'Анна', last_name = 'Смирнова', patronymic = 'Игоревна' where id = '${a.user.id}'`);
      cert = await call(a, 'education/certificate', { courseId: C });
      expect(cert.body.name).toBe('Смирнова Анна Игоревна');
      expect((await call(suite.bob, 'education/certificate', { courseId: C })).status).toBe(409);
      const s = await call(a, 'education/summary', {});
      expect(s.body.courses.find((c: { id: string }) => c.id === C)).toMatchObject({ lessonsDone: 2, exercisesDone: 5, next: null, completedAt: cert.body.completedAt });
    } finally {
      off();
    }
  });

  it('a shipped update keeps progress; an admin edit wins over the next shipped update and is kept in history', async () => {
    const a = suite.alice;
    const v2 = shippedUpdate('01-first.md', (t) => t.replace('version: 1', 'version: 2').replace('# Статьи калькуляции', '# Статьи калькуляции (новая редакция)'));
    expect(await syncShippedContent(suite.ctx.db, v2)).toEqual({ added: 0, updated: 1, keptAdmin: 0 });
    const course = await call(a, 'education/course', { courseId: C });
    expect(course.body.lessons[0]).toMatchObject({ completed: true, exercisesDone: 2 });
    // The admin edits the lesson (the whole file); a user may not.
    const admin = await createTestUser(suite.ctx, { roles: ['admin'] });
    expect((await call(a, 'education/admin/get', { courseId: C, lessonId: 'first' })).status).toBe(403);
    const got = await call(admin, 'education/admin/get', { courseId: C, lessonId: 'first' });
    expect(got.body.source).toContain('(новая редакция)');
    expect(got.body.revisions.map((r: { revision: number; origin: string }) => [r.revision, r.origin])).toEqual([[2, 'shipped'], [1, 'shipped']]);
    const bad = await call(admin, 'education/admin/save', { kind: 'lesson', courseId: C, lessonId: 'first', source: got.body.source.replace('kind: number', 'kind: essay') });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toMatch(/строка \d+: Упражнение 2: неизвестный вид «essay»/);
    const edited = got.body.source.replace('(новая редакция)', '(правка администратора)');
    const saved = await call(admin, 'education/admin/save', { kind: 'lesson', courseId: C, lessonId: 'first', source: edited });
    expect(saved.body).toMatchObject({ ok: true, revision: 3 });
    const v3 = shippedUpdate('01-first.md', (t) => t.replace('version: 1', 'version: 3'));
    expect(await syncShippedContent(suite.ctx.db, v3)).toEqual({ added: 0, updated: 0, keptAdmin: 1 });
    const after = await call(admin, 'education/admin/get', { courseId: C, lessonId: 'first' });
    expect(after.body).toMatchObject({ adminEdited: true, shippedVersion: 3, revision: 3 });
    expect(after.body.source).toContain('(правка администратора)');
    expect(after.body.revisions[0]).toMatchObject({ revision: 4, origin: 'shipped', shippedVersion: 3, applied: false });
    expect(after.body.revisions[1]).toMatchObject({ revision: 3, origin: 'admin', author: admin.user.email });
    // A new lesson by the admin; a link to a lesson that does not exist is refused.
    const lesson = '---\nid: third\ntitle: Новый урок\norder: 3\nversion: 1\nminutes: 3\n---\nСм. [урок](/education/test-basics/nope).\n';
    expect((await call(admin, 'education/admin/save', { kind: 'lesson', courseId: C, source: lesson })).body.msg).toMatch(/строка 8: Ссылка/);
    const added = await call(admin, 'education/admin/save', { kind: 'lesson', courseId: C, source: lesson.replace('nope', 'first') });
    expect(added.body).toMatchObject({ ok: true, lessonId: 'third', revision: 1 });
    expect((await call(admin, 'education/admin/save', { kind: 'lesson', courseId: C, source: lesson.replace('nope', 'first') })).status).toBe(409);
    const list = await call(a, 'education/course', { courseId: C });
    expect(list.body.lessons.map((l: { id: string }) => l.id)).toEqual(['first', 'second', 'third']);
    expect(list.body.completedAt).not.toBeNull(); // the certificate's date stays
  });
});
