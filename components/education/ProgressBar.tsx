import s from './education.module.css';

/** A thin progress bar with its figure for screen readers. */
export function ProgressLine({ done, total, label }: { done: number; total: number; label: string }) {
  const pct = total > 0 ? Math.round((done / total) * 100) : 0;
  return (
    <div className={s.bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <div className={s.barFill} style={{ width: `${pct}%` }} />
    </div>
  );
}
