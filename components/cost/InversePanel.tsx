'use client';

import { useState } from 'react';
import { isCostError, type CostResult } from '@/lib/domain/cost';
import { marginAtPrice, priceForMargin, type PriceFigures } from '@/lib/domain/cost/inverse';
import { formatMoney, formatPercent } from '@/lib/domain/money';
import s from './cost.module.css';

function attempt(run: () => PriceFigures): { figures?: PriceFigures; error?: string } {
  try {
    return { figures: run() };
  } catch (e) {
    if (isCostError(e)) return { error: e.message };
    throw e;
  }
}

function Figures({ f, testId }: { f: PriceFigures; testId: string }) {
  return (
    <dl className={s.facts} data-testid={testId}>
      <div>
        <dt>Цена без НДС</dt>
        <dd>{formatMoney(f.priceNoVat)}</dd>
      </div>
      <div>
        <dt>НДС</dt>
        <dd>{formatMoney(f.vat)}</dd>
      </div>
      <div>
        <dt>Цена с НДС</dt>
        <dd>{formatMoney(f.priceWithVat)}</dd>
      </div>
      <div>
        <dt>Прибыль</dt>
        <dd>{formatMoney(f.profit)}</dd>
      </div>
      <div>
        <dt>Наценка</dt>
        <dd>{f.markupPct === null ? '—' : formatPercent(f.markupPct)}</dd>
      </div>
      <div>
        <dt>Маржа</dt>
        <dd>{f.marginPct === null ? '—' : formatPercent(f.marginPct)}</dd>
      </div>
    </dl>
  );
}

/** Обратный расчёт on the unit полная себестоимость: the price for a target margin, the margin at a price. */
export function InversePanel({ result }: { result: CostResult }) {
  const [margin, setMargin] = useState('');
  const [price, setPrice] = useState('');
  const [withVat, setWithVat] = useState(true);
  const cost = result.perUnit.fullCost;
  const rate = result.vatRatePct;
  const byMargin = margin.trim() ? attempt(() => priceForMargin(cost, margin, rate)) : null;
  const byPrice = price.trim() ? attempt(() => marginAtPrice(cost, price, rate, withVat)) : null;
  return (
    <div className={s.inverse}>
      <h3>Обратный расчёт (полная себестоимость {formatMoney(cost)} за ед.)</h3>
      <div className={s.inverseRow}>
        <label className={s.field}>
          Цена для маржи, %
          <input
            className={`p-inputtext p-component ${byMargin?.error ? 'p-invalid' : ''}`}
            inputMode="decimal"
            value={margin}
            onChange={(e) => setMargin(e.target.value)}
          />
          {byMargin?.error && <small className="p-error">{byMargin.error}</small>}
        </label>
        {byMargin?.figures && <Figures f={byMargin.figures} testId="price-for-margin" />}
      </div>
      <div className={s.inverseRow}>
        <label className={s.field}>
          Маржа при цене, ₽
          <input
            className={`p-inputtext p-component ${byPrice?.error ? 'p-invalid' : ''}`}
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
          />
          {byPrice?.error && <small className="p-error">{byPrice.error}</small>}
        </label>
        <label className={s.check}>
          <input type="checkbox" checked={withVat} onChange={(e) => setWithVat(e.target.checked)} disabled={rate === null} />
          цена с НДС
        </label>
        {byPrice?.figures && <Figures f={byPrice.figures} testId="margin-at-price" />}
      </div>
    </div>
  );
}
