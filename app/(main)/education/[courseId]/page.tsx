import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminOnly } from '@/components/education/AdminOnly';
import { CourseLessons } from '@/components/education/CourseLessons';
import { Markdown } from '@/components/education/Markdown';
import s from '@/components/education/education.module.css';
import { PageBreadcrumb } from '@/components/layout/PageBreadcrumb';
import { getAppContext } from '@/lib/server/context';
import { readCourse } from '@/lib/server/services/education/catalog';

export const dynamic = 'force-dynamic';

type Params = { params: Promise<{ courseId: string }> };

async function load(courseId: string) {
  return readCourse(await getAppContext(), courseId);
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const course = await load((await params).courseId);
  return { title: course ? course.title : 'Страница не найдена' };
}

/** `/education/{courseId}`: the course's introduction (Markdown rendered here, on the server) and its lessons with progress. */
export default async function Page({ params }: Params) {
  const course = await load((await params).courseId);
  if (!course) notFound();
  return (
    <div className={s.page}>
      <PageBreadcrumb items={[{ label: 'Обучение', to: '/education' }, course.title]} />
      <h1>{course.title}</h1>
      {course.adminEdited && <span className={s.badge}>изменено администратором</span>}
      {course.summary && <p className={s.lead}>{course.summary}</p>}
      <Markdown text={course.body} />
      <CourseLessons courseId={course.id} title={course.title} />
      <AdminOnly>
        <div className={s.actions}>
          <Link href={`/education/${course.id}/edit`} className="p-button p-component p-button-outlined p-button-sm">
            <i className="pi pi-pencil p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Править курс</span>
          </Link>
          <Link href={`/education/${course.id}/new`} className="p-button p-component p-button-outlined p-button-sm">
            <i className="pi pi-plus p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Новый урок</span>
          </Link>
        </div>
      </AdminOnly>
    </div>
  );
}
