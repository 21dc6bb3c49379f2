import 'server-only';
import { sql } from 'drizzle-orm';
import { lessonHref } from '../../education/course-progress';
import type { SearchSource } from '../source';

/** Lessons of «Обучение» (every signed-in user reads every course) by title and by their text. */
export const lessonsSource: SearchSource = {
  kind: 'lessons',
  label: 'Уроки',
  forms: ['урок', 'урока', 'уроков'],
  icon: 'pi pi-book',
  rows: (m) => {
    const tsv = sql`l.search_tsv`;
    const text = sql`search_norm(l.title)`;
    return sql`select l.id, l.title, c.title as subtitle, l.course_id as ref, null::text as folder, ${m.rank(tsv, text)} as rank
                 from education_lessons l join education_courses c on c.id = l.course_id
                where ${m.hit(tsv, text)}`;
  },
  present: (row) => ({ href: lessonHref(row.ref, row.id), subtitle: `Курс «${row.subtitle}»` }),
};
