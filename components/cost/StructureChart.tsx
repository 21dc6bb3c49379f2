'use client';

import type { CostFigures } from '@/lib/domain/cost';
import { costStructure } from '@/lib/domain/cost/structure';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import s from './cost.module.css';

const ROW = 22;
const LABEL = 205;
const BAR = 140;
const VALUE = 150;

/** Структура себестоимости: one horizontal bar per non-zero статья, its share of the полная (plain SVG). */
export function StructureChart({ figures }: { figures: CostFigures }) {
  const items = costStructure(figures);
  if (items.length === 0) return null;
  const maxShare = Math.max(...items.map((i) => Math.abs(Number(i.sharePct ?? 0))), 1);
  const height = items.length * ROW + 8;
  return (
    <figure className={s.chart}>
      <figcaption>Структура себестоимости по статьям, % от полной</figcaption>
      <svg role="img" aria-label="Структура себестоимости по статьям" viewBox={`0 0 ${LABEL + BAR + VALUE} ${height}`} width={LABEL + BAR + VALUE} height={height}>
        {items.map((it, i) => {
          const share = Number(it.sharePct ?? 0);
          const w = (Math.abs(share) / maxShare) * BAR;
          const y = i * ROW + 4;
          return (
            <g key={it.no} data-no={it.no}>
              <title>{`${it.no}. ${it.title}: ${formatMoney(it.amount)}${it.sharePct ? `, ${formatPercent(it.sharePct)}` : ''}`}</title>
              <text x={0} y={y + 14} className={s.chartLabel}>
                {`${it.no}. ${it.title.length > 29 ? `${it.title.slice(0, 28)}…` : it.title}`}
              </text>
              <rect x={LABEL} y={y + 3} width={Math.max(w, 1)} height={ROW - 8} rx={2} className={share < 0 ? s.barNegative : s.bar} />
              <text x={LABEL + BAR + 6} y={y + 14} className={s.chartValue}>
                {`${it.sharePct ? formatPercent(it.sharePct) : '—'} · ${formatMoney(it.amount)}`}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
