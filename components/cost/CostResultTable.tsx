'use client';

import { Fragment, useState } from 'react';
import { ARTICLE_TITLES, type CostFigures, type CostResult } from '@/lib/domain/cost';
import { calculationRows, type CalculationRow } from '@/lib/domain/cost/form-rows';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import { LineList } from './LineList';
import s from './cost.module.css';

type Row = CalculationRow;

const moneyOf = (v: string) => formatMoney(v);

/** The калькуляция by статьи per unit and per batch, each figure with its formula on demand. */
export function CostResultTable({ result }: { result: CostResult }) {
  const [open, setOpen] = useState<string | null>(null);
  const rows = calculationRows(result.directCosting);
  const cell = (f: CostFigures, r: Row) => {
    if (r.kind === 'article') return moneyOf(f.articles[r.no]);
    if (r.kind === 'pct') return f[r.key] === null ? '—' : formatPercent(f[r.key] as string);
    return moneyOf(f[r.key] as string);
  };
  return (
    <table className={s.calc} aria-label="Плановая калькуляция себестоимости">
      <caption>
        Плановая калькуляция себестоимости: «{result.name}», {result.unit}
        {result.vatRatePct === null ? ', без НДС' : `, НДС ${formatPercent(result.vatRatePct)}`}
      </caption>
      <thead>
        <tr>
          <th>№</th>
          <th>Статья</th>
          <th className={s.amount}>На единицу</th>
          <th className={s.amount}>На партию ({result.batchQty.replace('.', ',')} {result.unit})</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => {
          const key = r.kind === 'article' ? r.no : r.key;
          const title = r.kind === 'article' ? ARTICLE_TITLES[r.no] : r.title;
          const explain = result.explain[key];
          const lines = explain ? result.lines.filter((l) => explain.lines.includes(l.id) && r.kind === 'article') : [];
          const strong = r.kind === 'total' && r.strong;
          return (
            <Fragment key={key}>
              <tr className={strong ? s.strong : undefined} data-key={key}>
                <td>{r.kind === 'article' ? r.no : ''}</td>
                <td>
                  {explain ? (
                    <button type="button" className={s.link} aria-expanded={open === key} onClick={() => setOpen(open === key ? null : key)}>
                      {title}
                    </button>
                  ) : (
                    title
                  )}
                </td>
                <td className={s.amount}>{cell(result.perUnit, r)}</td>
                <td className={s.amount}>{cell(result.perBatch, r)}</td>
              </tr>
              {open === key && explain && (
                <tr className={s.explain}>
                  <td />
                  <td colSpan={3}>
                    <div>{explain.formula}</div>
                    <LineList lines={lines} result={result} />
                  </td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </table>
  );
}
