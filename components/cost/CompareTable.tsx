'use client';

import { ARTICLE_NOS, ARTICLE_TITLES, type CostFigures } from '@/lib/domain/cost';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import s from './cost.module.css';

export interface CompareColumn {
  name: string;
  figures: CostFigures | null;
  error?: string;
}

type Row = { key: string; title: string; value: (f: CostFigures) => string | null; pct?: boolean; strong?: boolean };

const ROWS: Row[] = [
  ...ARTICLE_NOS.map((no): Row => ({ key: no, title: `${no}. ${ARTICLE_TITLES[no]}`, value: (f) => f.articles[no] })),
  { key: 'workshopCost', title: 'Цеховая себестоимость', value: (f) => f.workshopCost, strong: true },
  { key: 'productionCost', title: 'Производственная себестоимость', value: (f) => f.productionCost, strong: true },
  { key: 'fullCost', title: 'Полная себестоимость', value: (f) => f.fullCost, strong: true },
  { key: 'priceNoVat', title: 'Цена без НДС', value: (f) => f.priceNoVat },
  { key: 'profit', title: 'Прибыль', value: (f) => f.profit },
  { key: 'markupPct', title: 'Наценка', value: (f) => f.markupPct, pct: true },
  { key: 'marginPct', title: 'Маржа', value: (f) => f.marginPct, pct: true },
  { key: 'vat', title: 'НДС', value: (f) => f.vat },
  { key: 'priceWithVat', title: 'Цена с НДС', value: (f) => f.priceWithVat, strong: true },
];

/** Калькуляции side by side (per unit): specifications or scenarios as columns, статьи and totals as rows. */
export function CompareTable({ label, columns }: { label: string; columns: CompareColumn[] }) {
  const errors = columns.filter((c) => c.error);
  return (
    <div className={s.scroll}>
      <table className={s.calc} aria-label={label}>
        <thead>
          <tr>
            <th>На единицу</th>
            {columns.map((c, i) => (
              <th key={i} className={s.amount}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ROWS.map((r) => (
            <tr key={r.key} data-key={r.key} className={r.strong ? s.strong : undefined}>
              <td>{r.title}</td>
              {columns.map((c, i) => {
                const v = c.figures ? r.value(c.figures) : undefined;
                return (
                  <td key={i} className={s.amount}>
                    {v === undefined ? '' : v === null ? '—' : r.pct ? formatPercent(v) : formatMoney(v)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {errors.length > 0 && (
        <ul role="alert" className="p-error">
          {errors.map((c, i) => (
            <li key={i}>
              «{c.name}»: {c.error}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
