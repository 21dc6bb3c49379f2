'use client';

import { Calendar } from 'primereact/calendar';
import { isoOfLocalDay } from '@/lib/domain/format/date';

/** `2026-11-25` → a local Date at midnight (what the calendar widget holds). */
export const localDayOf = (iso: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
};

/** A calendar day typed or picked as `25.11.2026`; the value is the wire's `2026-11-25` ('' = none). */
export function DateField({ id, value, onChange, label, showButtonBar }: { id: string; value: string; onChange: (iso: string) => void; label?: string; showButtonBar?: boolean }) {
  return (
    <Calendar
      inputId={id}
      value={localDayOf(value)}
      onChange={(e) => onChange(e.value instanceof Date ? isoOfLocalDay(e.value) : '')}
      dateFormat="dd.mm.yy"
      showButtonBar={showButtonBar}
      showIcon
      aria-label={label}
    />
  );
}
