'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import s from '@/components/specifications/spec-editor.module.css';

const PriceOnDateBody = dynamic(() => import('./PriceOnDateBody').then((m) => m.PriceOnDateBody), { ssr: false, loading: () => <p className={s.hint}>Загрузка…</p> });

/**
 * «Цена на дату» on a saved specification: its catalogue lines priced on a chosen day and the cost per unit then
 * against the saved one. The calendar's code loads when the panel is opened.
 */
export function SpecPriceOnDate({ specId, stamp }: { specId: string; stamp: number | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={s.panel} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Цена на дату</summary>
      {open && <PriceOnDateBody specId={specId} stamp={stamp} />}
    </details>
  );
}
