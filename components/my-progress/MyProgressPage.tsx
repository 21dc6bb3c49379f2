'use client';

import { useLoad } from '@/lib/client/use-load';
import { myProgressApi } from './api';
import { LearningSide } from './LearningSide';
import { WorkSide } from './WorkSide';
import s from './my-progress.module.css';

/** `/my-progress`: what the user has learned and done. */
export function MyProgressPage() {
  const education = useLoad((signal) => myProgressApi.education(signal), []);
  const activity = useLoad((signal) => myProgressApi.activity(signal), []);
  return (
    <div className={s.page}>
      <h1>Мой прогресс</h1>
      {education.error && (
        <p role="alert" className={s.error}>
          {education.error}
        </p>
      )}
      {education.data && <LearningSide data={education.data} />}
      {activity.error && (
        <p role="alert" className={s.error}>
          {activity.error}
        </p>
      )}
      {activity.data ? <WorkSide data={activity.data} /> : !activity.error && <p className={s.muted}>Загрузка…</p>}
    </div>
  );
}
