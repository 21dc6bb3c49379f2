import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/components/education/AdminOnly';
import { LessonWork } from '@/components/education/LessonWork';
import { Markdown } from '@/components/education/Markdown';
import s from '@/components/education/education.module.css';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { countOf, MINUTES } from '@/lib/domain/format/plural';
import { publicExercise } from '@/lib/domain/education/types';
import { getAppContext } from '@/lib/server/context';
import { readLesson } from '@/lib/server/services/education/catalog';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ courseId: string; lessonId: string }> };

async function load(p: Params['params']) {
  const { courseId, lessonId } = await p;
  return readLesson(await getAppContext(), courseId, lessonId);
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const lesson = await load(params);
  return { title: lesson ? lesson.title : 'Страница не найдена' };
}

/**
 * `/education/{courseId}/{lessonId}`: the lesson's Markdown (rendered here, on the server), buttons to the product
 * screens it teaches, its exercises (answers graded on the server; explanations shown after an answer), previous/next.
 */
export default async function Page({ params }: Params) {
  const lesson = await load(params);
  if (!lesson) notFound();
  const base = `/education/${lesson.courseId}`;
  const solutions = Object.fromEntries(
    lesson.exercises.flatMap((ex) => {
      const text = ex.kind === 'choice' ? ex.explanation : ex.solution;
      return text ? [[ex.id, <Markdown key={ex.id} text={text} />]] : [];
    }),
  );
  return (
    <article className={s.page}>
      <PageBreadcrumb items={[{ label: 'Обучение', to: '/education' }, { label: lesson.courseTitle, to: base }, lesson.title]} />
      <p className={s.meta}>
        {lesson.courseTitle} · урок {lesson.number} из {lesson.total} · {countOf(lesson.minutes, MINUTES)}
        {lesson.adminEdited && <> · изменено администратором</>}
      </p>
      <h1>{lesson.title}</h1>
      {lesson.screens.length > 0 && (
        <nav className={s.screens} aria-label="Экраны продукта">
          {lesson.screens.map((sc) => (
            <Link key={sc.href} href={sc.href} className="p-button p-component p-button-outlined p-button-sm">
              <i className="pi pi-external-link p-button-icon p-button-icon-left" aria-hidden="true" />
              <span className="p-button-label">{sc.title}</span>
            </Link>
          ))}
        </nav>
      )}
      <Markdown text={lesson.body} />
      <LessonWork courseId={lesson.courseId} lessonId={lesson.id} exercises={lesson.exercises.map(publicExercise)} solutions={solutions} />
      <nav className={s.pager} aria-label="Уроки курса">
        {lesson.prev ? (
          <Link href={`${base}/${lesson.prev.id}`} className="p-button p-component p-button-outlined p-button-sm">
            <i className="pi pi-arrow-left p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">{lesson.prev.title}</span>
          </Link>
        ) : (
          <Link href={base} className="p-button p-component p-button-outlined p-button-sm">
            <span className="p-button-label">К курсу</span>
          </Link>
        )}
        {lesson.next ? (
          <Link href={`${base}/${lesson.next.id}`} className="p-button p-component p-button-sm">
            <span className="p-button-label">{lesson.next.title}</span>
            <i className="pi pi-arrow-right p-button-icon p-button-icon-right" aria-hidden="true" />
          </Link>
        ) : (
          <Link href={base} className="p-button p-component p-button-sm">
            <span className="p-button-label">К курсу</span>
          </Link>
        )}
      </nav>
      <AdminOnly>
        <Link href={`${base}/${lesson.id}/edit`} className="p-button p-component p-button-text p-button-sm">
          <i className="pi pi-pencil p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">Править урок</span>
        </Link>
      </AdminOnly>
    </article>
  );
}
