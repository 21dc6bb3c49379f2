import { formatIsoDate } from '@/lib/domain/format/date';
import type { AchievementRow } from './api';
import s from './my-progress.module.css';

/** The achievements: earned ones with their day, the rest with progress toward the goal and what is left. */
export function Achievements({ items }: { items: readonly AchievementRow[] }) {
  return (
    <ul className={s.achievements}>
      {items.map((a) => (
        <li key={a.id} className={a.earnedOn ? `${s.achievement} ${s.earned}` : s.achievement} data-achievement={a.id}>
          <i className={`pi ${a.earnedOn ? 'pi-trophy' : 'pi-lock'} ${s.badge}`} aria-hidden="true" />
          <div className={s.achievementText}>
            <strong>{a.title}</strong>
            <span className={s.muted}>{a.rule}</span>
            {a.earnedOn ? (
              <span className={s.earnedOn}>Получено {formatIsoDate(a.earnedOn)}</span>
            ) : (
              <span className={s.progressLine}>
                <span
                  role="progressbar"
                  aria-label={`${a.title}: ${a.done} из ${a.goal}`}
                  aria-valuemin={0}
                  aria-valuemax={a.goal}
                  aria-valuenow={a.done}
                  className={s.meter}
                >
                  <span style={{ width: `${(a.done / a.goal) * 100}%` }} />
                </span>
                <span className={s.muted}>
                  {a.done} из {a.goal} · {a.left}
                </span>
              </span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
