import { formatMoney } from '@/lib/domain/money';
import s from '../apps.module.css';
import { MONTHS, type MonthTotals } from './banking';

const INCOME = 'var(--green-500, #22c55e)';
const EXPENSE = 'var(--red-400, #f87171)';

/** Income and expense bars by month (hand-made SVG); the exact sums are in each bar's title and the table below. */
export function IncomeChart({ months }: { months: MonthTotals[] }) {
  const W = 600;
  const H = 240;
  const top = 10;
  const bottom = 28;
  const max = Math.max(1, ...months.flatMap((m) => [m.income.toNumber(), m.expense.toNumber()]));
  const slot = months.length ? W / months.length : W;
  const bar = Math.min(28, slot / 3);
  const y = (v: number) => top + (H - top - bottom) * (1 - v / max);
  const label = (m: string) => `${MONTHS[Number(m.slice(5, 7)) - 1] ?? ''} ${m.slice(2, 4)}`;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} className={s.chart} role="img" aria-label="Доходы и расходы по месяцам">
        {[0.25, 0.5, 0.75, 1].map((f) => (
          <line key={f} x1="0" x2={W} y1={y(max * f)} y2={y(max * f)} stroke="var(--surface-border)" strokeDasharray="4 4" />
        ))}
        <line x1="0" x2={W} y1={y(0)} y2={y(0)} stroke="var(--surface-border)" />
        {months.map((m, i) => {
          const cx = slot * i + slot / 2;
          return (
            <g key={m.month}>
              <rect x={cx - bar - 2} y={y(m.income.toNumber())} width={bar} height={y(0) - y(m.income.toNumber())} rx="3" fill={INCOME}>
                <title>{`${label(m.month)}: доходы ${formatMoney(m.income)}`}</title>
              </rect>
              <rect x={cx + 2} y={y(m.expense.toNumber())} width={bar} height={y(0) - y(m.expense.toNumber())} rx="3" fill={EXPENSE}>
                <title>{`${label(m.month)}: расходы ${formatMoney(m.expense)}`}</title>
              </rect>
              <text x={cx} y={H - 8} textAnchor="middle" fontSize="13" fill="var(--text-color-secondary)">
                {label(m.month)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={s.legend}>
        <span>
          <span className={s.swatch} style={{ background: INCOME }} aria-hidden />
          Доходы
        </span>
        <span>
          <span className={s.swatch} style={{ background: EXPENSE }} aria-hidden />
          Расходы
        </span>
      </figcaption>
    </figure>
  );
}
