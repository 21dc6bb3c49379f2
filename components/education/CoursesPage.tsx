'use client';

import Link from 'next/link';
import { useLoad } from '@/lib/client/use-load';
import { educationApi } from './api';
import { AdminOnly } from './AdminOnly';
import { ProgressLine } from './ProgressBar';
import s from './education.module.css';

/** `/education`: every course with the user's progress; «Начать» / «Продолжить» open where the user stopped. */
export function CoursesPage() {
  const { data, error, loading, reload } = useLoad((signal) => educationApi.list(signal), []);
  return (
    <div className={s.page}>
      <h1>Обучение</h1>
      <p className={s.lead}>Курсы о себестоимости, ценах и налогах — с упражнениями, которые выполняются прямо в Калькулусе.</p>
      {error && (
        <p role="alert">
          {error}{' '}
          <button type="button" className="p-button p-button-text p-button-sm" onClick={reload}>
            Повторить
          </button>
        </p>
      )}
      {loading && !data && <p role="status">Загрузка…</p>}
      {data && data.courses.length === 0 && <p>Курсов пока нет.</p>}
      <div className={s.cards}>
        {data?.courses.map((c) => {
          const started = c.lessonsDone > 0 || c.seconds > 0 || c.exercisesDone > 0;
          return (
            <article key={c.id} className={s.card}>
              <h2>
                <Link href={`/education/${c.id}`}>{c.title}</Link>
              </h2>
              {c.summary && <p>{c.summary}</p>}
              <ProgressLine done={c.lessonsDone} total={c.lessonsTotal} label={`Пройдено уроков курса «${c.title}»`} />
              <span className={s.meta}>
                {c.completedAt ? <span className={s.done}>Курс пройден</span> : `Пройдено уроков: ${c.lessonsDone} из ${c.lessonsTotal}`}
                {c.adminEdited && <> · изменено администратором</>}
              </span>
              <div className={s.cardActions}>
                {c.next && (
                  <Link href={c.next.href} className="p-button p-component p-button-sm">
                    <span className="p-button-label">{started ? 'Продолжить' : 'Начать'}</span>
                  </Link>
                )}
                {c.completedAt && (
                  <Link href={`/education/${c.id}/certificate`} className="p-button p-component p-button-sm p-button-outlined">
                    <i className="pi pi-verified p-button-icon p-button-icon-left" aria-hidden="true" />
                    <span className="p-button-label">Сертификат</span>
                  </Link>
                )}
              </div>
            </article>
          );
        })}
      </div>
      <AdminOnly>
        <div className={s.actions}>
          <Link href="/education/new" className="p-button p-component p-button-outlined p-button-sm">
            <i className="pi pi-plus p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Новый курс</span>
          </Link>
        </div>
      </AdminOnly>
    </div>
  );
}
