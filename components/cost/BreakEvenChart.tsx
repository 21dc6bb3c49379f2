'use client';

import type { CostResult } from '@/lib/domain/cost';
import { breakEvenOf } from '@/lib/domain/cost/break-even';
import { formatMoney, formatNumber, formatPercent } from '@/lib/domain/money';
import s from './cost.module.css';

const W = 560;
const H = 240;
const PAD = { left: 70, right: 16, top: 12, bottom: 34 };

/**
 * Точка безубыточности of the batch: revenue P·Q and costs FC + VC·Q from 0 to max(batch, 2·Q*) units;
 * fixed = статьи 8, 10, 11 for the batch, the rest of the полная varies with the volume.
 */
export function BreakEvenChart({ result }: { result: CostResult }) {
  const be = breakEvenOf(result);
  const batch = Number(be.batchQty);
  const q = be.qty === null ? null : Number(be.qty);
  const maxQ = Math.max(batch, q === null ? batch : q * 2, 1);
  const fixed = Number(be.fixed);
  const vc = Number(be.variablePerUnit);
  const price = Number(be.price);
  const maxY = Math.max(price * maxQ, fixed + vc * maxQ, 1);
  const x = (v: number) => PAD.left + (v / maxQ) * (W - PAD.left - PAD.right);
  const y = (v: number) => H - PAD.bottom - (v / maxY) * (H - PAD.top - PAD.bottom);
  return (
    <figure className={s.chart}>
      <figcaption>Точка безубыточности партии (постоянные — статьи 8, 10, 11; остальные переменные)</figcaption>
      <dl className={s.facts}>
        <div>
          <dt>Постоянные на партию</dt>
          <dd>{formatMoney(be.fixed)}</dd>
        </div>
        <div>
          <dt>Переменные на единицу</dt>
          <dd>{formatMoney(be.variablePerUnit)}</dd>
        </div>
        <div>
          <dt>Маржинальный доход на единицу</dt>
          <dd>{formatMoney(be.contributionPerUnit)}</dd>
        </div>
        <div>
          <dt>Безубыточный объём</dt>
          <dd data-testid="break-even-qty">{be.qty === null ? 'не достигается' : `${formatNumber(be.qty)} ${result.unit}`}</dd>
        </div>
        {be.revenue !== null && (
          <div>
            <dt>Выручка в точке безубыточности</dt>
            <dd>{formatMoney(be.revenue)}</dd>
          </div>
        )}
        {be.safetyPct !== null && (
          <div>
            <dt>Запас финансовой прочности</dt>
            <dd>{formatPercent(be.safetyPct)}</dd>
          </div>
        )}
      </dl>
      <svg role="img" aria-label="График безубыточности" viewBox={`0 0 ${W} ${H}`} width={W} height={H}>
        <line x1={PAD.left} x2={W - PAD.right} y1={y(0)} y2={y(0)} className={s.axis} />
        <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={y(0)} className={s.axis} />
        <text x={PAD.left - 4} y={y(maxY) + 10} textAnchor="end" className={s.chartValue}>
          {formatNumber(Math.round(maxY))}
        </text>
        <text x={PAD.left - 4} y={y(0)} textAnchor="end" className={s.chartValue}>
          0
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" className={s.chartValue}>
          {formatNumber(Math.round(maxQ * 100) / 100)} {result.unit}
        </text>
        <line x1={x(0)} x2={x(maxQ)} y1={y(fixed)} y2={y(fixed)} className={s.lineFixed} />
        <line x1={x(0)} x2={x(maxQ)} y1={y(fixed)} y2={y(fixed + vc * maxQ)} className={s.lineCost} />
        <line x1={x(0)} x2={x(maxQ)} y1={y(0)} y2={y(price * maxQ)} className={s.lineRevenue} />
        <line x1={x(batch)} x2={x(batch)} y1={PAD.top} y2={y(0)} className={s.lineBatch} />
        <text x={x(batch) + 3} y={PAD.top + 10} className={s.chartValue}>
          партия
        </text>
        {q !== null && (
          <g>
            <circle cx={x(q)} cy={y(fixed + vc * q)} r={4} className={s.point} />
            <text x={x(q)} y={H - 8} textAnchor="middle" className={s.chartValue}>
              Q* = {formatNumber(q)}
            </text>
          </g>
        )}
      </svg>
      <p className={s.legend}>
        <span className={s.keyRevenue}>выручка</span> <span className={s.keyCost}>затраты</span> <span className={s.keyFixed}>постоянные</span>
      </p>
    </figure>
  );
}
