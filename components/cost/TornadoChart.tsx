'use client';

import type { Sensitivity } from '@/lib/domain/cost/sensitivity';
import { formatMoney, formatNumber } from '@/lib/domain/money';
import s from './cost.module.css';

const ROW = 26;
const LABEL = 250;
const HALF = 170;
const TOP = 18;

/**
 * Tornado chart: for each input group, the unit полная себестоимость at −step (left of the base line) and
 * +step (right), the strongest group on top.
 */
export function TornadoChart({ data }: { data: Sensitivity }) {
  const { items } = data;
  if (items.length === 0) return <p className={s.muted}>Ни одна группа затрат не меняет себестоимость.</p>;
  const reach = Math.max(...items.flatMap((i) => [Math.abs(Number(i.deltaLow)), Math.abs(Number(i.deltaHigh))]), 0.01);
  const cx = LABEL + HALF;
  const width = LABEL + 2 * HALF + 10;
  const height = TOP + items.length * ROW + 6;
  const step = formatNumber(data.stepPct);
  const bar = (delta: string, y: number, key: string) => {
    const d = Number(delta);
    const w = (Math.abs(d) / reach) * (HALF - 70);
    return <rect key={key} x={d < 0 ? cx - w : cx} y={y + 4} width={w} height={ROW - 10} rx={2} className={d < 0 ? s.barDown : s.barUp} />;
  };
  return (
    <figure className={s.chart}>
      <figcaption>
        Чувствительность: полная себестоимость единицы при изменении группы затрат на −{step} % и +{step} % (база{' '}
        {formatMoney(data.base)})
      </figcaption>
      <svg role="img" aria-label="Торнадо-диаграмма чувствительности" viewBox={`0 0 ${width} ${height}`} width={width} height={height}>
        <text x={cx - 6} y={12} textAnchor="end" className={s.chartValue}>
          −{step} %
        </text>
        <text x={cx + 6} y={12} className={s.chartValue}>
          +{step} %
        </text>
        {items.map((it, i) => {
          const y = TOP + i * ROW;
          const dl = Number(it.deltaLow);
          const dh = Number(it.deltaHigh);
          const wl = (Math.abs(dl) / reach) * (HALF - 70);
          const wh = (Math.abs(dh) / reach) * (HALF - 70);
          return (
            <g key={it.group} data-group={it.group}>
              <title>{`${it.title}: ${formatMoney(it.low)} … ${formatMoney(it.high)}`}</title>
              <text x={0} y={y + 16} className={s.chartLabel}>
                {it.title}
              </text>
              {bar(it.deltaLow, y, 'l')}
              {bar(it.deltaHigh, y, 'h')}
              <text x={cx - (dl <= 0 ? wl : -wl) - 4} y={y + 16} textAnchor="end" className={s.chartValue}>
                {formatNumber(it.deltaLow, 2)}
              </text>
              <text x={cx + (dh >= 0 ? wh : -wh) + 4} y={y + 16} className={s.chartValue}>
                {dh > 0 ? '+' : ''}
                {formatNumber(it.deltaHigh, 2)}
              </text>
            </g>
          );
        })}
        <line x1={cx} x2={cx} y1={TOP} y2={height - 2} className={s.axis} />
      </svg>
    </figure>
  );
}
