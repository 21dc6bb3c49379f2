'use client';

import { Chart } from 'primereact/chart';
import { useMemo } from 'react';
import { formatIsoDate } from '@/lib/domain/format/date';
import { formatMoney } from '@/lib/domain/money';
import type { PriceRow } from './api';

const PALETTE = ['--p-primary-500', '--green-500', '--orange-500', '--purple-500', '--teal-500', '--pink-500'];

/** A theme colour for the chart (chart.js draws on a canvas and cannot read CSS variables itself). */
const cssVar = (name: string, fallback: string) => {
  if (typeof window === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
};

/**
 * The price history of an item: one stepped line per supplier (price without VAT by «действует с»). This
 * module is loaded only when the history is shown (chart.js comes with it), never with the catalogue page.
 */
export default function PriceChart({ prices }: { prices: PriceRow[] }) {
  const { data, options } = useMemo(() => {
    const days = [...new Set(prices.map((p) => p.validFrom))].sort();
    const bySupplier = new Map<string, PriceRow[]>();
    for (const p of prices) bySupplier.set(p.supplierName, [...(bySupplier.get(p.supplierName) ?? []), p]);
    const text = cssVar('--text-color', '#334155');
    const grid = cssVar('--surface-border', '#e2e8f0');
    const datasets = [...bySupplier.entries()].map(([name, rows], i) => {
      const color = cssVar(PALETTE[i % PALETTE.length] ?? '--p-primary-500', '#3b82f6');
      const at = new Map(rows.map((r) => [r.validFrom, Number(r.priceNoVat)]));
      return { label: name, data: days.map((d) => at.get(d) ?? null), borderColor: color, backgroundColor: color, stepped: true, spanGaps: true, tension: 0 };
    });
    return {
      data: { labels: days.map(formatIsoDate), datasets },
      options: {
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { labels: { color: text } },
          tooltip: { callbacks: { label: (c: { dataset: { label?: string }; parsed: { y: number } }) => `${c.dataset.label}: ${formatMoney(String(c.parsed.y))}` } },
        },
        scales: {
          x: { ticks: { color: text }, grid: { color: grid } },
          y: { ticks: { color: text, callback: (v: string | number) => formatMoney(String(v)) }, grid: { color: grid } },
        },
      },
    };
  }, [prices]);
  return <Chart type="line" data={data} options={options} style={{ height: "100%" }} ariaLabel="График цены без НДС по поставщикам" />;
}
