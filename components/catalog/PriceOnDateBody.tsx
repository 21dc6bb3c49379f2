'use client';

import { useState } from 'react';
import { formatIsoDate, moscowToday } from '@/lib/domain/format/date';
import { vatBasisText } from '@/lib/domain/catalog';
import { formatDecimalText, formatMoney, formatPercent } from '@/lib/domain/money';
import { useLoad } from '@/lib/client/use-load';
import s from '@/components/specifications/spec-editor.module.css';
import { catalogApi } from './api';
import { DateField } from './DateField';

const money = (v: string | null | undefined) => (v === null || v === undefined ? '—' : formatMoney(v));

/** The table of «Цена на дату»: each catalogue line's saved price and its price on the day, the cost then. */
export function PriceOnDateBody({ specId, stamp }: { specId: string; stamp: number | undefined }) {
  const [date, setDate] = useState(moscowToday());
  const load = useLoad((signal) => catalogApi.specOnDate(specId, date, signal), [specId, date, stamp], { keep: true, enabled: date !== '' });
  const r = load.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: '0.5rem', marginTop: '0.5rem' }}>
      <div style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', flexWrap: 'wrap' }}>
        <label htmlFor="price-date">Цены на</label>
        <DateField id="price-date" value={date} onChange={setDate} />
      </div>
      {load.error && (
        <p role="alert" className="p-error">
          {load.error}
        </p>
      )}
      {r && (
        <>
          <p style={{ margin: 0 }} data-testid="cost-on-date">
            Себестоимость ед.: сохранённая {money(r.savedCost)}, по ценам на {formatIsoDate(r.date)} — <b>{money(r.costOnDate)}</b>
            {r.changePct !== null && ` (${Number(r.changePct) > 0 ? '+' : ''}${formatPercent(r.changePct)})`}
          </p>
          {r.lines.length === 0 ? (
            <p className={s.hint}>В спецификации нет строк из номенклатуры.</p>
          ) : (
            <table className={s.plain} aria-label="Цены строк на дату">
              <thead>
                <tr>
                  <th>Материал</th>
                  <th>Кол-во</th>
                  <th>В спецификации</th>
                  <th>На дату</th>
                  <th>Поставщик, с</th>
                </tr>
              </thead>
              <tbody>
                {r.lines.map((l) => (
                  <tr key={l.lineId}>
                    <td>{l.name}</td>
                    <td>
                      {formatDecimalText(l.qty)} {l.unit}
                    </td>
                    <td>{money(l.savedPrice)}</td>
                    <td>
                      {l.missing ? 'нет цены' : money(l.price)}
                      {!l.missing && l.vatRate !== null && l.priceIncludesVat !== null && (
                        <div className={s.hint}>{vatBasisText({ vatIncluded: l.priceIncludesVat, vatRate: l.vatRate })}</div>
                      )}
                    </td>
                    <td>{l.supplierName ? `${l.supplierName}, ${l.validFrom ? formatIsoDate(l.validFrom) : ''}` : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </div>
  );
}
