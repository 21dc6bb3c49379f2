import Link from 'next/link';
import type { ProcessStep } from '@/lib/domain/business-processes';
import { formatMoney } from '@/lib/domain/money';
import type { LinkedSpec } from './api';
import type { LiveTotals } from './steps';
import s from './processes.module.css';

/** The steps as boxes joined by arrows, each with its cost per unit when every number is filled in. */
export function ProcessFlow({ steps, stepTotals }: { steps: ProcessStep[]; stepTotals: LiveTotals[] | null }) {
  return (
    <div className={s.flow} aria-label="Схема процесса">
      {steps.map((st, i) => (
        <div key={st.id} className={s.flowItem}>
          {i > 0 && <i className="pi pi-arrow-right" aria-hidden="true" />}
          <div className={s.box}>
            <b>{st.name || `Шаг ${i + 1}`}</b>
            <small>
              {st.role ? `${st.role}, ` : ''}
              {st.time || '—'} {st.timeUnit}
              {st.workers && st.workers !== '1' ? ` × ${st.workers} чел.` : ''}
            </small>
            {stepTotals?.[i] && <small>{formatMoney(stepTotals[i]!.total)} за ед.</small>}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Specifications that take their operations from this process; «требует пересчёта» on those changed before it. */
export function LinkedSpecs({ specs }: { specs: LinkedSpec[] }) {
  if (!specs.length) return null;
  return (
    <div className={s.linked}>
      <b>Спецификации с этим набором:</b>
      <ul aria-label="Спецификации с этим набором">
        {specs.map((x) => (
          <li key={x.id}>
            <Link href={`/specifications/create/${x.id}`}>{x.name}</Link>
            {x.stale && <span className={s.stale}> — требует пересчёта</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
