import 'server-only';
import { onCourseCompleted } from '../education/events';
import { notify } from './notify';

const KEY = Symbol.for('kalkulus.noty.courseCompleted');
const holder = globalThis as { [KEY]?: true };

/**
 * «Курс пройден» becomes a notification. Subscribed once per process (the flag lives on globalThis: each
 * bundle of the server that loads this module would subscribe again).
 */
export function listenToCourses(): void {
  if (holder[KEY]) return;
  holder[KEY] = true;
  onCourseCompleted(async (ctx, e) => {
    await notify(ctx, e.userId, 'course_done', `Курс «${e.courseTitle}» пройден`, 'Поздравляем! Сертификат — на странице курса.', `/education/${encodeURIComponent(e.courseId)}`);
  });
}

listenToCourses();
