'use client';

import { Fragment, useState } from 'react';
import { ARTICLE_TITLES, type ArticleNo, type CostFigures, type CostResult } from '@/lib/domain/cost';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import { LineList } from './LineList';
import s from './cost.module.css';

type Row =
  | { kind: 'article'; no: ArticleNo }
  | { kind: 'total'; key: keyof CostFigures; title: string; strong?: boolean }
  | { kind: 'pct'; key: 'markupPct' | 'marginPct'; title: string };

const art = (no: ArticleNo): Row => ({ kind: 'article', no });

/** The rows of the classic form «Плановая калькуляция себестоимости». */
export function calculationRows(directCosting: boolean): Row[] {
  return [
    art('1'), art('2'), art('3'), art('4'), art('5'), art('6'), art('7'), art('8'), art('9'), art('10'),
    { kind: 'total', key: 'workshopCost', title: 'Цеховая себестоимость', strong: true },
    ...(directCosting ? [] : [art('11')]),
    art('12'), art('13'),
    { kind: 'total', key: 'productionCost', title: 'Производственная себестоимость', strong: true },
    ...(directCosting ? [art('11')] : []),
    art('14'),
    { kind: 'total', key: 'fullCost', title: 'Полная себестоимость', strong: true },
    { kind: 'total', key: 'profit', title: 'Прибыль' },
    { kind: 'pct', key: 'markupPct', title: 'Наценка' },
    { kind: 'pct', key: 'marginPct', title: 'Маржа' },
    { kind: 'total', key: 'priceNoVat', title: 'Цена без НДС', strong: true },
    { kind: 'total', key: 'vat', title: 'НДС' },
    { kind: 'total', key: 'priceWithVat', title: 'Отпускная цена с НДС', strong: true },
  ];
}

const moneyOf = (v: string) => formatMoney(v);

/** The калькуляция by статьи per unit and per batch, each figure with its formula on demand. */
export function CostResultTable({ result }: { result: CostResult }) {
  const [open, setOpen] = useState<string | null>(null);
  const rows = calculationRows(result.directCosting);
  const cell = (f: CostFigures, r: Row) => {
    if (r.kind === 'article') return moneyOf(r.no === '2' ? `-${f.articles['2']}` : f.articles[r.no]);
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
