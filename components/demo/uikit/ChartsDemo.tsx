'use client';

import { Chart } from 'primereact/chart';
import { SelectButton } from 'primereact/selectbutton';
import { useMemo, useState, useSyncExternalStore } from 'react';
import data from '../data/uikit.json';
import { DemoPageHeader } from '../DemoPageHeader';
import styles from '../demo.module.css';
import kit from './uikit.module.css';

type Year = '2025' | '2026';
const YEARS: Year[] = ['2025', '2026'];

interface Palette {
  text: string;
  muted: string;
  grid: string;
  colors: string[];
}

/** The theme's colours as chart.js needs them (it draws on a canvas, CSS variables do not reach it). */
function readPalette(): Palette {
  const css = getComputedStyle(document.documentElement);
  const v = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  return {
    text: v('--text-color', '#334155'),
    muted: v('--text-color-secondary', '#64748b'),
    grid: v('--surface-border', '#e2e8f0'),
    colors: [v('--p-primary-500', '#3b82f6'), '#f59e0b', '#10b981', '#ef4444', '#8b5cf6'],
  };
}

const subscribeHtml = (onChange: () => void) => {
  const watch = new MutationObserver(onChange);
  watch.observe(document.documentElement, { attributes: true, attributeFilter: ['class', 'style'] });
  return () => watch.disconnect();
};
const htmlLook = () => `${document.documentElement.className}|${document.documentElement.getAttribute('style') ?? ''}`;

/** The palette, read again whenever the scheme or colours on `<html>` change (the settings panel); null on the server. */
function usePalette(): Palette | null {
  const look = useSyncExternalStore(subscribeHtml, htmlLook, () => null);
  return useMemo(() => (look === null ? null : readPalette()), [look]);
}

const rub = (n: number) => `${new Intl.NumberFormat('ru-RU').format(n)} тыс. ₽`;

/** UI kit: line, bar, doughnut, pie, polar area and radar charts of the sample figures; the year switch redraws them. */
export function ChartsDemo() {
  const [year, setYear] = useState<Year>('2026');
  const p = usePalette();
  if (!p) return <DemoPageHeader description="Диаграммы Chart.js в оформлении темы." />;

  const { months, structure } = data.chart;
  const figures = data.chart[year];
  const axes = {
    x: { ticks: { color: p.muted }, grid: { color: p.grid } },
    y: { ticks: { color: p.muted }, grid: { color: p.grid } },
  };
  const legend = { legend: { labels: { color: p.text } } };
  const flows = {
    labels: months,
    datasets: [
      { label: 'Доходы', data: figures.income, borderColor: p.colors[0], backgroundColor: p.colors[0], tension: 0.35 },
      { label: 'Расходы', data: figures.expense, borderColor: p.colors[1], backgroundColor: p.colors[1], tension: 0.35 },
    ],
  };
  const profit = {
    labels: months,
    datasets: [{ label: 'Прибыль', data: figures.income.map((v, i) => v - figures.expense[i]!), backgroundColor: p.colors[2] }],
  };
  const parts = { labels: structure.labels, datasets: [{ data: structure.values, backgroundColor: p.colors }] };
  const moneyTooltip = { tooltip: { callbacks: { label: (c: { dataset: { label?: string }; parsed: { y: number } }) => `${c.dataset.label}: ${rub(c.parsed.y)}` } } };
  const lineOptions = { maintainAspectRatio: false, plugins: { ...legend, ...moneyTooltip }, scales: axes };
  const barOptions = { ...lineOptions, scales: { ...axes, y: { ...axes.y, beginAtZero: true } } };
  const roundOptions = { maintainAspectRatio: false, plugins: legend };
  const radialOptions = { maintainAspectRatio: false, plugins: legend, scales: { r: { grid: { color: p.grid }, angleLines: { color: p.grid }, pointLabels: { color: p.muted }, ticks: { backdropColor: 'transparent', color: p.muted } } } };

  return (
    <>
      <DemoPageHeader description="Диаграммы Chart.js в цветах темы: доходы и расходы по месяцам, прибыль, структура затрат.">
        <SelectButton value={year} options={YEARS} allowEmpty={false} onChange={(e) => e.value && setYear(e.value as Year)} aria-label="Год" />
      </DemoPageHeader>
      <p className={styles.muted} data-testid="charts-year">
        Показан {year} год, тыс. ₽.
      </p>
      <div className={styles.grid}>
        <section className={styles.card}>
          <h2>Доходы и расходы</h2>
          <Chart type="line" data={flows} options={lineOptions} className={kit.chart} aria-label={`Доходы и расходы за ${year} год`} />
        </section>
        <section className={styles.card}>
          <h2>Прибыль по месяцам</h2>
          <Chart type="bar" data={profit} options={barOptions} className={kit.chart} aria-label={`Прибыль за ${year} год`} />
        </section>
        <section className={styles.card}>
          <h2>Структура затрат, %</h2>
          <Chart type="doughnut" data={parts} options={roundOptions} className={kit.chart} aria-label="Структура затрат" />
        </section>
        <section className={styles.card}>
          <h2>Доли затрат</h2>
          <Chart type="pie" data={parts} options={roundOptions} className={kit.chart} aria-label="Доли затрат" />
        </section>
        <section className={styles.card}>
          <h2>Полярная диаграмма</h2>
          <Chart type="polarArea" data={parts} options={radialOptions} className={kit.chart} aria-label="Затраты, полярная диаграмма" />
        </section>
        <section className={styles.card}>
          <h2>Радар</h2>
          <Chart
            type="radar"
            data={{ labels: months.slice(0, 6), datasets: flows.datasets.map((d) => ({ ...d, data: d.data.slice(0, 6), backgroundColor: 'transparent' })) }}
            options={radialOptions}
            className={kit.chart}
            aria-label={`Доходы и расходы за первое полугодие ${year} года`}
          />
        </section>
      </div>
    </>
  );
}
