import { formatSize } from '@/lib/domain/files/format-size';
import s from '../apps.module.css';
import { kindInfo, type Kind } from './files';

/** A ring of the space taken by each kind of file, with a legend (hand-made SVG, no chart library). */
export function UsageChart({ usage, total, quota }: { usage: { kind: Kind; bytes: number }[]; total: number; quota: number }) {
  const r = 60;
  const len = 2 * Math.PI * r;
  const parts = usage.map((u) => (total > 0 ? (u.bytes / total) * len : 0));
  const starts = parts.map((_, i) => parts.slice(0, i).reduce((a, b) => a + b, 0));
  const pct = quota > 0 ? Math.min(100, (total / quota) * 100) : 0;
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox="0 0 160 160" className={s.chart} style={{ maxWidth: '12rem', margin: '0 auto' }} role="img" aria-label={`Занято ${formatSize(total)} из ${formatSize(quota)}`}>
        <circle cx="80" cy="80" r={r} fill="none" stroke="var(--surface-border)" strokeWidth="18" />
        {usage.map((u, i) => {
          const part = parts[i]!;
          return (
            <circle
              key={u.kind}
              cx="80"
              cy="80"
              r={r}
              fill="none"
              stroke={kindInfo(u.kind).color}
              strokeWidth="18"
              strokeDasharray={`${part} ${len - part}`}
              strokeDashoffset={-starts[i]!}
              transform="rotate(-90 80 80)"
            />
          );
        })}
        <text x="80" y="76" textAnchor="middle" fontSize="15" fontWeight="700" fill="var(--text-color)">
          {formatSize(total)}
        </text>
        <text x="80" y="96" textAnchor="middle" fontSize="10" fill="var(--text-color-secondary)">
          {pct < 0.1 && total > 0 ? '< 0,1' : pct.toFixed(1).replace('.', ',')} % из {formatSize(quota)}
        </text>
      </svg>
      <figcaption className={s.legend} style={{ marginTop: '1rem' }}>
        {usage.map((u) => (
          <span key={u.kind}>
            <span className={s.swatch} style={{ background: kindInfo(u.kind).color }} aria-hidden />
            {kindInfo(u.kind).label}: {formatSize(u.bytes)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
