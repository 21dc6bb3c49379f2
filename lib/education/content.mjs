// Education content: Markdown files with YAML front matter (a course's course.md, its lessons NN-<id>.md).
// One parser and checker for the three places that read them: the build's content check (next.config.mjs, so a
// malformed file fails `next build` with its file and line), the server's loader at start-up and the admin's
// editor. Plain JavaScript so the build can run it before anything is compiled.
import fs from 'node:fs';
import path from 'node:path';
import { LineCounter, parseDocument } from 'yaml';

export const EXERCISE_KINDS = ['choice', 'number', 'task'];
export const TASK_KINDS = ['spec-cost', 'calculator-run', 'company-valid'];
const ID_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DECIMAL_RE = /^-?\d{1,13}(?:\.\d{1,2})?$/;
const LESSON_FILE_RE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const MAX_SOURCE = 200_000;
/**
 * The front matter's bounds: the largest shipped block is under 3 000 characters and 60 lines. The YAML reader
 * checks each key against those before it (quadratic in keys) and recurses into nested flow collections (`[[[…`),
 * so a block past these is refused before it is read.
 */
const MAX_FRONT_MATTER = 10_000;
const MAX_FRONT_MATTER_LINES = 300;
const MAX_FLOW_DEPTH = 32;

/** The deepest nesting of `[` and `{` in the text (quotes not told apart: a bound, not a parser). */
function flowDepth(text) {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 123) max = Math.max(max, ++depth);
    else if ((c === 93 || c === 125) && depth > 0) depth--;
  }
  return max;
}
/** Ids that are pages of their own: /education/new, /education/<course>/{new, edit, certificate}. */
const RESERVED = { course: ['new'], lesson: ['new', 'edit', 'certificate'] };
const MAX_EXERCISES = 50;
/** Links to lessons in Markdown (`](/education/course/lesson)`) and in `screens`. */
const LESSON_LINK_RE = /\]\((\/education\/[^)\s?#]*)/g;

/** Splits `---\nYAML\n---\nbody`; null when the file does not open with a front matter block. */
function splitFrontMatter(text) {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!src.startsWith('---\n')) return null;
  const end = src.indexOf('\n---', 3);
  if (end < 0) return null;
  const after = src.indexOf('\n', end + 4);
  if (src.slice(end + 4, after < 0 ? src.length : after).trim() !== '') return null;
  const yamlText = src.slice(4, end + 1);
  const body = after < 0 ? '' : src.slice(after + 1);
  const bodyLine = yamlText.split('\n').length + 2; // the opening ---, the YAML lines, the closing ---
  return { yamlText, body, bodyLine, src };
}

/** Errors reported of one file at most: finding each one's line is a search of the YAML tree. */
const MAX_ERRORS = 50;

/** A reader of one file: errors carry the file and the 1-based line. */
function reader(file) {
  const errors = [];
  const full = () => errors.length >= MAX_ERRORS;
  const add = (line, message) => {
    if (!full()) errors.push({ file, line, message });
  };
  return { errors, add, full };
}

function lineOfNode(doc, lc, keyPath) {
  for (let n = keyPath.length; n >= 0; n--) {
    const node = n === 0 ? doc.contents : doc.getIn(keyPath.slice(0, n), true);
    if (node && node.range) return lc.linePos(node.range[0]).line + 1;
  }
  return 2;
}

/** Parses the front matter; returns the plain object and a `line(path)` function, or null after adding errors. */
function frontMatter(text, r) {
  if (typeof text !== 'string' || text.length > MAX_SOURCE) {
    r.add(1, `Файл больше ${MAX_SOURCE} знаков.`);
    return null;
  }
  const parts = splitFrontMatter(text);
  if (!parts) {
    r.add(1, 'Файл должен начинаться с блока «---» (YAML) и закрывать его строкой «---».');
    return null;
  }
  if (parts.yamlText.length > MAX_FRONT_MATTER || parts.bodyLine - 2 > MAX_FRONT_MATTER_LINES) {
    r.add(1, `Блок «---» больше ${MAX_FRONT_MATTER.toLocaleString('ru-RU')} знаков или ${MAX_FRONT_MATTER_LINES} строк — сократите его.`);
    return null;
  }
  if (flowDepth(parts.yamlText) > MAX_FLOW_DEPTH) {
    r.add(2, `В блоке «---» скобки [ ] и { } вложены глубже ${MAX_FLOW_DEPTH} уровней.`);
    return null;
  }
  const lc = new LineCounter();
  const doc = parseDocument(parts.yamlText, { lineCounter: lc, uniqueKeys: true, maxAliasCount: 0 });
  if (doc.errors.length) {
    for (const e of doc.errors) r.add((e.linePos?.[0]?.line ?? 1) + 1, `Ошибка YAML: ${e.message.split('\n')[0]}`);
    return null;
  }
  const data = doc.toJS();
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    r.add(2, 'В блоке «---» нужны поля вида «id: …», «title: …».');
    return null;
  }
  return { data, body: parts.body, bodyLine: parts.bodyLine, src: parts.src, line: (keyPath) => lineOfNode(doc, lc, keyPath) };
}

const isObj = (v) => !!v && typeof v === 'object' && !Array.isArray(v);
const isInt = (v, min, max) => Number.isInteger(v) && v >= min && v <= max;
const isText = (v, max) => typeof v === 'string' && v.trim() !== '' && v.length <= max;

function unknownKeys(obj, allowed, at, fm, r, what) {
  for (const k of Object.keys(obj)) {
    if (r.full()) return; // a file of thousands of unknown keys: the first ones are enough
    if (!allowed.includes(k)) r.add(fm.line([...at, k]), `Неизвестное поле «${k}» ${what}.`);
  }
}

function common(fm, r, allowed, kind) {
  const d = fm.data;
  unknownKeys(d, allowed, [], fm, r, 'в блоке «---»');
  if (typeof d.id !== 'string' || !ID_RE.test(d.id)) r.add(fm.line(['id']), 'id — латиница в нижнем регистре, цифры и дефисы (например, cost-items).');
  else if (RESERVED[kind].includes(d.id)) r.add(fm.line(['id']), `id «${d.id}» занят адресом страницы — выберите другой.`);
  if (!isText(d.title, 200)) r.add(fm.line(['title']), 'title — название, непустая строка до 200 знаков.');
  if (!isInt(d.order, 1, 999)) r.add(fm.line(['order']), 'order — целое число от 1.');
  if (!isInt(d.version, 1, 1_000_000)) r.add(fm.line(['version']), 'version — целое число от 1 (увеличьте при изменении текста).');
}

/** A course.md: `{value, errors}`; value is null when there are errors. */
export function parseCourse(text, file) {
  const r = reader(file);
  const fm = frontMatter(text, r);
  if (!fm) return { value: null, errors: r.errors };
  common(fm, r, ['id', 'title', 'order', 'version', 'summary'], 'course');
  if (fm.data.summary !== undefined && !isText(fm.data.summary, 1000)) r.add(fm.line(['summary']), 'summary — одна-две фразы о курсе (до 1000 знаков).');
  if (r.errors.length) return { value: null, errors: r.errors };
  const d = fm.data;
  const value = { id: d.id, title: d.title.trim(), order: d.order, version: d.version, summary: (d.summary ?? '').trim(), body: fm.body, source: fm.src };
  return { value, errors: [], links: bodyLinks(fm, file) };
}

function checkScreens(fm, r) {
  const screens = fm.data.screens;
  if (screens === undefined) return [];
  if (!Array.isArray(screens) || screens.length > 10) {
    r.add(fm.line(['screens']), 'screens — список до 10 экранов вида «{ title: Себестоимость, href: /cost }».');
    return [];
  }
  screens.forEach((s, i) => {
    const ok = isObj(s) && isText(s.title, 100) && typeof s.href === 'string' && /^\/[^/\\]/.test(s.href) && s.href.length <= 300;
    if (!ok) r.add(fm.line(['screens', i]), `screens[${i + 1}] — «{ title: …, href: /адрес }»: адрес внутри продукта, с «/».`);
    else unknownKeys(s, ['title', 'href'], ['screens', i], fm, r, 'у экрана');
  });
  return screens;
}

function checkChoice(ex, at, fm, r) {
  const opts = ex.options;
  if (!Array.isArray(opts) || opts.length < 2 || opts.length > 12 || !opts.every((o) => isText(String(o ?? ''), 500) && o !== null)) {
    r.add(fm.line([...at, 'options']), 'options — список от 2 до 12 вариантов ответа.');
    return;
  }
  const ans = ex.answers;
  if (!Array.isArray(ans) || ans.length === 0) {
    r.add(fm.line([...at, 'answers']), 'answers — список номеров верных вариантов (с нуля), например [0, 2].');
    return;
  }
  ans.forEach((a, j) => {
    if (!isInt(a, 0, opts.length - 1)) r.add(fm.line([...at, 'answers', j]), `answers: номер ${JSON.stringify(a)} вне вариантов (от 0 до ${opts.length - 1}).`);
  });
  if (new Set(ans).size !== ans.length) r.add(fm.line([...at, 'answers']), 'answers: номер повторяется.');
}

function checkTask(ex, at, fm, r) {
  if (!TASK_KINDS.includes(ex.task)) {
    r.add(fm.line([...at, 'task']), `task — одно из: ${TASK_KINDS.join(', ')}.`);
    return;
  }
  const p = ex.params ?? {};
  const pl = fm.line([...at, 'params']);
  if (!isObj(p)) return void r.add(pl, 'params — объект параметров задания.');
  if (ex.task === 'spec-cost') {
    unknownKeys(p, ['nameIncludes', 'minMaterials', 'minOperations'], [...at, 'params'], fm, r, 'в params');
    if (!isText(p.nameIncludes, 100)) r.add(pl, 'params.nameIncludes — часть названия спецификации.');
    for (const k of ['minMaterials', 'minOperations']) if (p[k] !== undefined && !isInt(p[k], 0, 1000)) r.add(pl, `params.${k} — целое число от 0.`);
  } else if (ex.task === 'calculator-run') {
    unknownKeys(p, ['calculator', 'inputs'], [...at, 'params'], fm, r, 'в params');
    if (typeof p.calculator !== 'string' || !ID_RE.test(p.calculator)) r.add(pl, 'params.calculator — id калькулятора, как в списке калькуляторов.');
    if (p.inputs !== undefined && (!isObj(p.inputs) || !Object.values(p.inputs).every((v) => ['string', 'number', 'boolean'].includes(typeof v)))) {
      r.add(pl, 'params.inputs — поля калькулятора и их значения (строка, число или да/нет).');
    }
  } else {
    unknownKeys(p, ['own'], [...at, 'params'], fm, r, 'в params');
    if (p.own !== undefined && typeof p.own !== 'boolean') r.add(pl, 'params.own — true или false.');
  }
}

const EXERCISE_KEYS = {
  choice: ['id', 'kind', 'question', 'options', 'answers', 'explanation'],
  number: ['id', 'kind', 'question', 'answer', 'unit', 'solution'],
  task: ['id', 'kind', 'question', 'task', 'params', 'solution'],
};

function checkExercises(fm, r) {
  const list = fm.data.exercises;
  if (list === undefined) return [];
  if (!Array.isArray(list) || list.length > MAX_EXERCISES) {
    r.add(fm.line(['exercises']), `exercises — список упражнений (не больше ${MAX_EXERCISES}).`);
    return [];
  }
  const seen = new Set();
  list.forEach((ex, i) => {
    const at = ['exercises', i];
    if (!isObj(ex)) return void r.add(fm.line(at), `Упражнение ${i + 1}: нужны поля id, kind, question.`);
    if (typeof ex.id !== 'string' || !ID_RE.test(ex.id)) r.add(fm.line([...at, 'id']), `Упражнение ${i + 1}: id — латиница, цифры и дефисы.`);
    else if (seen.has(ex.id)) r.add(fm.line([...at, 'id']), `Упражнение «${ex.id}» повторяется: id упражнений в уроке должны быть разными.`);
    else seen.add(ex.id);
    if (!EXERCISE_KINDS.includes(ex.kind)) {
      return void r.add(fm.line([...at, 'kind']), `Упражнение ${i + 1}: неизвестный вид «${String(ex.kind)}» (нужно: ${EXERCISE_KINDS.join(', ')}).`);
    }
    unknownKeys(ex, EXERCISE_KEYS[ex.kind], at, fm, r, `у упражнения ${i + 1}`);
    if (!isText(ex.question, 2000)) r.add(fm.line([...at, 'question']), `Упражнение ${i + 1}: question — текст вопроса.`);
    for (const k of ['explanation', 'solution', 'unit']) {
      if (ex[k] !== undefined && !isText(ex[k], k === 'unit' ? 20 : 10_000)) r.add(fm.line([...at, k]), `Упражнение ${i + 1}: ${k} — непустой текст.`);
    }
    if (ex.kind === 'choice') checkChoice(ex, at, fm, r);
    else if (ex.kind === 'number') {
      if (typeof ex.answer !== 'string' || !DECIMAL_RE.test(ex.answer.trim())) {
        r.add(fm.line([...at, 'answer']), `Упражнение ${i + 1}: answer — десятичное число в кавычках с точкой и не больше двух знаков после неё, например "2200.00".`);
      }
    } else checkTask(ex, at, fm, r);
  });
  return list;
}

/** Links to `/education/…` in the body (and in solutions and explanations), each with its line. */
function bodyLinks(fm, file) {
  const out = [];
  for (const m of fm.src.matchAll(LESSON_LINK_RE)) out.push({ file, line: fm.src.slice(0, m.index).split('\n').length, href: m[1] });
  for (const [i, s] of (Array.isArray(fm.data.screens) ? fm.data.screens : []).entries()) {
    if (isObj(s) && typeof s.href === 'string' && s.href.startsWith('/education')) out.push({ file, line: fm.line(['screens', i]), href: s.href });
  }
  return out;
}

/** A lesson file: `{value, errors, links}`; value is null when there are errors. */
export function parseLesson(text, file, courseId) {
  const r = reader(file);
  const fm = frontMatter(text, r);
  if (!fm) return { value: null, errors: r.errors, links: [] };
  common(fm, r, ['id', 'title', 'order', 'version', 'minutes', 'screens', 'exercises'], 'lesson');
  const d = fm.data;
  if (!isInt(d.minutes, 1, 600)) r.add(fm.line(['minutes']), 'minutes — время чтения в минутах, целое от 1.');
  const screens = checkScreens(fm, r);
  const exercises = checkExercises(fm, r);
  if (r.errors.length) return { value: null, errors: r.errors, links: [] };
  const value = {
    id: d.id,
    courseId,
    title: d.title.trim(),
    order: d.order,
    version: d.version,
    minutes: d.minutes,
    screens: screens.map((s) => ({ title: s.title.trim(), href: s.href })),
    exercises: exercises.map((ex) => ({ ...ex, answer: typeof ex.answer === 'string' ? ex.answer.trim() : ex.answer })),
    body: fm.body,
    source: fm.src,
  };
  return { value, errors: [], links: bodyLinks(fm, file) };
}

/** A file a lesson shows (`/education/<course>/<file>.svg`), not a page. */
const isAsset = (href) => /\.[a-z0-9]+$/i.test(href);

/** Which lesson a link names: `/education/c/l` → `c/l`, `/education/c` → `c`; null for `/education` and files. */
export function linkTarget(href) {
  if (isAsset(href)) return null;
  const parts = href.replace(/\/+$/, '').split('/').filter(Boolean).slice(1);
  if (parts.length === 0) return null;
  if (parts[1] === 'certificate' && parts.length === 2) return parts[0];
  return parts.slice(0, 2).join('/');
}

/** Links whose course or lesson is not in `known` (`course` and `course/lesson` keys). */
export function brokenLinks(links, known) {
  return links
    .filter((l) => {
      const t = linkTarget(l.href);
      return t !== null && !known.has(t);
    })
    .map((l) => ({ file: l.file, line: l.line, message: `Ссылка ${l.href} ведёт на урок или курс, которого нет.` }));
}

/**
 * Every course under `dir` (content/education): `{courses, errors}`. A course is a folder with course.md and
 * lesson files `NN-<lessonId>.md`; ids are unique, lesson links point to lessons that exist.
 */
export function loadContentTree(dir, rel = (p) => path.relative(process.cwd(), p), publicDir = null) {
  const errors = [];
  const courses = [];
  if (!fs.existsSync(dir)) return { courses, errors };
  const seenCourses = new Map();
  const links = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const folder = path.join(dir, name);
    if (!fs.statSync(folder).isDirectory()) continue;
    const coursePath = path.join(folder, 'course.md');
    if (!fs.existsSync(coursePath)) {
      errors.push({ file: rel(folder), line: 1, message: 'В папке курса нет course.md.' });
      continue;
    }
    const c = parseCourse(fs.readFileSync(coursePath, 'utf8'), rel(coursePath));
    errors.push(...c.errors);
    if (!c.value) continue;
    if (c.value.id !== name) errors.push({ file: rel(coursePath), line: 2, message: `id курса «${c.value.id}» не совпадает с папкой «${name}».` });
    if (seenCourses.has(c.value.id)) errors.push({ file: rel(coursePath), line: 2, message: `Курс «${c.value.id}» уже есть: ${seenCourses.get(c.value.id)}.` });
    seenCourses.set(c.value.id, rel(coursePath));
    links.push(...c.links);
    const lessons = [];
    const seenLessons = new Map();
    for (const file of fs.readdirSync(folder).sort()) {
      if (file === 'course.md' || !file.endsWith('.md')) continue;
      const lessonPath = path.join(folder, file);
      const m = LESSON_FILE_RE.exec(file);
      if (!m) {
        errors.push({ file: rel(lessonPath), line: 1, message: 'Имя файла урока — «NN-id-урока.md», например 01-cost-items.md.' });
        continue;
      }
      const l = parseLesson(fs.readFileSync(lessonPath, 'utf8'), rel(lessonPath), c.value.id);
      errors.push(...l.errors);
      if (!l.value) continue;
      if (l.value.id !== m[2]) errors.push({ file: rel(lessonPath), line: 2, message: `id урока «${l.value.id}» не совпадает с именем файла «${m[2]}».` });
      if (seenLessons.has(l.value.id)) errors.push({ file: rel(lessonPath), line: 2, message: `Урок «${l.value.id}» уже есть в курсе: ${seenLessons.get(l.value.id)}.` });
      seenLessons.set(l.value.id, rel(lessonPath));
      links.push(...l.links);
      lessons.push(l.value);
    }
    courses.push({ ...c.value, lessons: lessons.sort((a, b) => a.order - b.order) });
  }
  const known = new Set(courses.flatMap((c) => [c.id, ...c.lessons.map((l) => `${c.id}/${l.id}`)]));
  errors.push(...brokenLinks(links, known));
  if (publicDir) {
    for (const l of links) {
      if (isAsset(l.href) && !fs.existsSync(path.join(/* turbopackIgnore: true */ publicDir, ...l.href.split('/').filter((x) => x && x !== '..')))) {
        errors.push({ file: l.file, line: l.line, message: `Файла ${l.href} нет в public${l.href}.` });
      }
    }
  }
  return { courses: courses.sort((a, b) => a.order - b.order), errors };
}

/** `file:line: message` lines, as the build prints them. */
export function formatContentErrors(errors) {
  return errors.map((e) => `${e.file}:${e.line}: ${e.message}`).join('\n');
}

/** The build's content check: throws with every error's file and line. */
export function checkEducationContent(dir = path.join(process.cwd(), 'content', 'education'), publicDir = path.join(process.cwd(), 'public')) {
  const { courses, errors } = loadContentTree(dir, undefined, publicDir);
  if (errors.length) {
    throw new Error(`Ошибки в материалах обучения (content/education):\n${formatContentErrors(errors)}`);
  }
  return courses;
}
