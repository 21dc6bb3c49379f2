'use client';

import { useId, useState } from 'react';
import { ACTIVITY_KINDS, ACTIVITY_KIND_TITLES } from '@/lib/domain/activity/kinds';
import { formatIsoDate } from '@/lib/domain/format/date';
import { countOf, type Forms } from '@/lib/domain/format/plural';
import type { WeekRow } from './api';
import s from './my-progress.module.css';

const WEEKS: Forms = ['неделю', 'недели', 'недель'];
const SLOT = 30;
const BAR = 20;
const HEIGHT = 120;

/** `23.11` — the day and month of a week's Monday. */
const dayMonth = (iso: string) => formatIsoDate(iso).slice(0, 5);

/**
 * Activity by week: one bar per week (the current one on the right, in full colour), the count above it, the
 * Monday below it. The bars are plain SVG stretched to the width; the figures are text in a grid of the same
 * columns, so they keep their size at any width. A table with the counts by kind stands behind the chart.
 */
export function WeekBars({ weeks }: { weeks: readonly WeekRow[] }) {
  const [table, setTable] = useState(false);
  const tableId = useId();
  const max = Math.max(1, ...weeks.map((w) => w.total));
  const kinds = ACTIVITY_KINDS.filter((k) => weeks.some((w) => w.counts[k] > 0));
  const last = weeks.length - 1;
  const label = `Действия по неделям за последние ${countOf(weeks.length, WEEKS)}: ${weeks.map((w) => `с ${dayMonth(w.start)} — ${w.total}`).join(', ')}`;
  return (
    <figure className={s.chart}>
      <figcaption className={s.chartHead}>
        <span>Действия по неделям</span>
        <button type="button" className="p-button p-button-text p-button-sm" aria-expanded={table} aria-controls={tableId} onClick={() => setTable((t) => !t)}>
          {table ? 'Скрыть таблицу' : 'Таблица'}
        </button>
      </figcaption>
      <div role="img" aria-label={label} className={s.bars}>
        <div className={s.barValues} aria-hidden="true">
          {weeks.map((w, i) => (
            <span key={w.start} className={i === last ? s.current : undefined}>
              {w.total}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${weeks.length * SLOT} ${HEIGHT}`} preserveAspectRatio="none" className={s.barSvg} aria-hidden="true">
          <line x1={0} x2={weeks.length * SLOT} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className={s.axis} />
          {weeks.map((w, i) => {
            const h = w.total === 0 ? 0 : Math.max(3, (w.total / max) * (HEIGHT - 4));
            return <rect key={w.start} x={i * SLOT + (SLOT - BAR) / 2} y={HEIGHT - h} width={BAR} height={h} rx={2} className={i === last ? s.barNow : s.bar} />;
          })}
        </svg>
        <div className={s.barLabels} aria-hidden="true">
          {weeks.map((w, i) => (
            <span key={w.start} className={i === last ? s.current : undefined}>
              {dayMonth(w.start)}
            </span>
          ))}
        </div>
      </div>
      <div
        id={tableId}
        className={table ? s.tableWrap : s.srOnly}
        // Shown, the table may scroll sideways inside its box on a phone: the box takes focus for the keyboard.
        {...(table ? { tabIndex: 0, role: 'region', 'aria-label': 'Таблица: действия по неделям' } : {})}
      >
        <table className={s.table}>
          <caption>Действия по неделям</caption>
          <thead>
            <tr>
              <th scope="col">Неделя</th>
              <th scope="col">Всего</th>
              {kinds.map((k) => (
                <th key={k} scope="col">
                  {ACTIVITY_KIND_TITLES[k]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.start}>
                <th scope="row">{`${formatIsoDate(w.start)} — ${formatIsoDate(w.end)}`}</th>
                <td>{w.total}</td>
                {kinds.map((k) => (
                  <td key={k}>{w.counts[k]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
