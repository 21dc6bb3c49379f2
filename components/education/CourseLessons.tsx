'use client';

import Link from 'next/link';
import { useLoad } from '@/lib/client/use-load';
import { countOf, MINUTES } from '@/lib/domain/format/plural';
import { educationApi } from './api';
import { ProgressLine } from './ProgressBar';
import s from './education.module.css';

/** The course page's lessons with the user's progress, «Продолжить» (where the user stopped) and the certificate. */
export function CourseLessons({ courseId, title }: { courseId: string; title: string }) {
  const { data, error } = useLoad((signal) => educationApi.course(courseId, signal), [courseId]);
  if (error) return <p role="alert">{error}</p>;
  if (!data) return <p role="status">Загрузка…</p>;
  const started = data.lessons.some((l) => l.opened);
  return (
    <>
      <div className={s.status}>
        <div style={{ flex: '1 1 12rem' }}>
          <ProgressLine done={data.lessonsDone} total={data.lessonsTotal} label={`Пройдено уроков курса «${title}»`} />
        </div>
        <span className={s.meta}>
          {data.completedAt ? <span className={s.done}>Курс пройден</span> : `Пройдено уроков: ${data.lessonsDone} из ${data.lessonsTotal}`}
        </span>
        {data.next && (
          <Link href={data.next.href} className="p-button p-component p-button-sm">
            <span className="p-button-label">{started ? 'Продолжить' : 'Начать курс'}</span>
          </Link>
        )}
        {data.completedAt && (
          <Link href={`/education/${courseId}/certificate`} className="p-button p-component p-button-sm p-button-outlined">
            <i className="pi pi-verified p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Сертификат</span>
          </Link>
        )}
      </div>
      <ol className={s.lessons}>
        {data.lessons.map((l, i) => (
          <li key={l.id} className={s.lessonRow}>
            <span className={`${s.lessonNo} ${l.completed ? s.lessonNoDone : ''}`} aria-hidden="true">
              {l.completed ? <i className="pi pi-check" /> : i + 1}
            </span>
            <div className={s.lessonMain}>
              <Link href={l.href}>{l.title}</Link>
              <span className={s.meta}>
                {countOf(l.minutes, MINUTES)}
                {l.exercisesTotal > 0 && ` · упражнения: ${l.exercisesDone} из ${l.exercisesTotal}`}
                {' · '}
                {l.completed ? <span className={s.done}>пройден</span> : l.read ? 'прочитан' : l.opened ? 'начат' : 'не начат'}
              </span>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
