'use client';

import { countOf, DAYS, type Forms } from '@/lib/domain/format/plural';
import { formatIsoDate } from '@/lib/domain/format/date';
import type { ActivityAnswer } from './api';
import { Achievements } from './Achievements';
import { WeekBars } from './WeekBars';
import s from './my-progress.module.css';

const ACTIONS: Forms = ['действие', 'действия', 'действий'];

/** The work side of «Мой прогресс»: this week, the streak, the bars by week and the achievements. */
export function WorkSide({ data }: { data: ActivityAnswer }) {
  const week = data.weeks[data.weeks.length - 1];
  const earned = data.achievements.filter((a) => a.earnedOn).length;
  const { streak } = data;
  return (
    <section className={s.section} aria-labelledby="work-title">
      <h2 id="work-title">Работа</h2>
      <div className={s.tiles}>
        <div className={s.tile}>
          <span className={s.tileLabel}>Эта неделя</span>
          <span className={s.tileValue} data-testid="week-total">
            {countOf(week?.total ?? 0, ACTIONS)}
          </span>
          {week && <span className={s.muted}>{`${formatIsoDate(week.start)} — ${formatIsoDate(week.end)}`}</span>}
        </div>
        <div className={s.tile}>
          <span className={s.tileLabel}>Серия без перерыва</span>
          <span className={s.tileValue} data-testid="streak">
            <i className={`pi pi-bolt ${streak.days > 0 ? s.streakOn : s.muted}`} aria-hidden="true" /> {countOf(streak.days, DAYS)}
          </span>
          <span className={s.muted}>
            {streak.days === 0
              ? 'Сделайте что-нибудь сегодня, чтобы начать серию.'
              : streak.today
                ? `Сегодня засчитан. Лучшая серия — ${countOf(streak.best, DAYS)}.`
                : 'Сделайте что-нибудь сегодня, чтобы серия продолжилась.'}
          </span>
        </div>
        <div className={s.tile}>
          <span className={s.tileLabel}>Достижения</span>
          <span className={s.tileValue}>
            {earned} из {data.achievements.length}
          </span>
        </div>
      </div>
      <WeekBars weeks={data.weeks} />
      <h3>Достижения</h3>
      <Achievements items={data.achievements} />
    </section>
  );
}
