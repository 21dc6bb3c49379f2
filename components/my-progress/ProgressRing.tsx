import s from './my-progress.module.css';

const SIZE = 88;
const STROKE = 9;
const R = (SIZE - STROKE) / 2;
const CIRCLE = 2 * Math.PI * R;

/** A course's progress as a ring: the done share drawn in the theme's primary colour, the percent inside. */
export function ProgressRing({ done, total, label }: { done: number; total: number; label: string }) {
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const pct = Math.round(share * 100);
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} role="img" aria-label={`${label}: ${pct} %`} className={s.ring}>
      <circle cx={SIZE / 2} cy={SIZE / 2} r={R} className={s.ringTrack} strokeWidth={STROKE} fill="none" />
      {share > 0 && (
        <circle
        cx={SIZE / 2}
        cy={SIZE / 2}
        r={R}
        className={s.ringDone}
        strokeWidth={STROKE}
        fill="none"
        strokeLinecap="round"
        strokeDasharray={`${share * CIRCLE} ${CIRCLE}`}
        transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
        />
      )}
      <text x="50%" y="50%" dominantBaseline="central" textAnchor="middle" className={s.ringText}>
        {`${pct} %`}
      </text>
    </svg>
  );
}
