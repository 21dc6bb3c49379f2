import Link from 'next/link';
import { formatDate } from '@/lib/domain/format/date';
import type { EducationAnswer } from './api';
import { ProgressRing } from './ProgressRing';
import s from './my-progress.module.css';

/** The learning side of «Мой прогресс»: each course's ring, the next lesson, the exercises to try again. */
export function LearningSide({ data }: { data: EducationAnswer }) {
  return (
    <section className={s.section} aria-labelledby="learning-title">
      <h2 id="learning-title">Обучение</h2>
      {data.courses.length === 0 ? (
        <p className={s.muted}>
          Курсов пока нет. <Link href="/education">Открыть «Обучение»</Link>
        </p>
      ) : (
        <ul className={s.courses}>
          {data.courses.map((c) => (
            <li key={c.id} className={s.course} data-course={c.id}>
              <ProgressRing done={c.lessonsDone} total={c.lessonsTotal} label={`«${c.title}»: пройдено уроков`} />
              <div className={s.courseText}>
                <Link href={`/education/${c.id}`} className={s.courseTitle}>
                  {c.title}
                </Link>
                <span className={s.muted}>
                  Уроки: {c.lessonsDone} из {c.lessonsTotal} · упражнения: {c.exercisesDone} из {c.exercisesTotal}
                </span>
                {c.completedAt ? (
                  <span className={s.next}>
                    <span className={s.earnedOn}>Курс пройден {formatDate(new Date(c.completedAt))}</span>
                    <Link href={`/education/${c.id}/certificate`} className="p-button p-button-outlined p-button-sm">
                      Сертификат
                    </Link>
                  </span>
                ) : c.next ? (
                  <span className={s.next}>
                    <span className={s.muted}>Дальше: {c.next.title}</span>
                    <Link href={c.next.href} className="p-button p-button-sm" aria-label={`Продолжить: ${c.next.title}`}>
                      Продолжить
                    </Link>
                  </span>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {data.courses.length > 0 && (
        <div className={s.srOnly}>
          <table>
            <caption>Прогресс по курсам</caption>
            <thead>
              <tr>
                <th scope="col">Курс</th>
                <th scope="col">Уроки</th>
                <th scope="col">Упражнения</th>
                <th scope="col">Состояние</th>
              </tr>
            </thead>
            <tbody>
              {data.courses.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.title}</th>
                  <td>{`${c.lessonsDone} из ${c.lessonsTotal}`}</td>
                  <td>{`${c.exercisesDone} из ${c.exercisesTotal}`}</td>
                  <td>{c.completedAt ? `пройден ${formatDate(new Date(c.completedAt))}` : c.next ? `дальше: ${c.next.title}` : 'не начат'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.retry.length > 0 && (
        <>
          <h3>Упражнения с ошибками</h3>
          <ul className={s.retry}>
            {data.retry.map((r) => (
              <li key={`${r.courseId}/${r.lessonId}/${r.exerciseId}`}>
                <span className={s.retryText}>
                  <span>{r.question}</span>
                  <span className={s.muted}>Урок «{r.lessonTitle}»</span>
                </span>
                <Link href={r.href} className="p-button p-button-outlined p-button-sm" aria-label={`Повторить: ${r.question}`}>
                  Повторить
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
