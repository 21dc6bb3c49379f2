'use client';

import { ProgressBar } from 'primereact/progressbar';
import { plural } from '@/lib/domain/format/plural';

const pct = (done: number, total: number) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0);
/** «из 1 строки», «из 5 строк». */
const OF_ROWS = ['строки', 'строк', 'строк'] as const;

/** A background job's progress: «{label}: N из M строк» and a bar, announced politely to screen readers. */
export function ImportProgress({ label, done, total, name }: { label: string; done: number; total: number; name: string }) {
  return (
    <div role="status" aria-live="polite" style={{ margin: '0.75rem 0' }}>
      <p style={{ margin: '0 0 0.25rem' }}>
        {label}: {done.toLocaleString('ru-RU')} из {total.toLocaleString('ru-RU')} {plural(total, OF_ROWS)}
      </p>
      <ProgressBar value={pct(done, total)} aria-label={name} />
    </div>
  );
}
