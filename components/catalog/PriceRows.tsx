'use client';

import { useState } from 'react';
import { formatIsoDate, moscowToday } from '@/lib/domain/format/date';
import { formatUnitPrice } from '@/lib/domain/money';
import { isApiError } from '@/lib/client/api-error';
import { userMessage } from '@/lib/client/messages';
import { useLoad } from '@/lib/client/use-load';
import { catalogApi, type CatalogItem, type PriceRow } from './api';
import { DateField } from './DateField';
import { SupplierPicker, type Supplier } from './SupplierPicker';
import { useVatOptions, vatLabel } from './vat';
import { DeleteButton, EmptyRow } from './TableParts';
import s from './catalog.module.css';

/** The owner's rule for which price counts: the preferred supplier's or the lowest. */
export function PriceChoice() {
  const load = useLoad((signal) => catalogApi.settings(signal), []);
  const [error, setError] = useState<string | null>(null);
  const settings = load.data?.settings;
  if (!settings) return null;
  return (
    <div className={s.field}>
      <label htmlFor="price-choice">Какую цену брать в расчёт (для всей номенклатуры)</label>
      <select
        id="price-choice"
        className={s.select}
        value={settings.priceChoice}
        onChange={(e) => {
          setError(null);
          catalogApi.saveSettings({ priceChoice: e.target.value as typeof settings.priceChoice, version: settings.version }).then(load.reload, (err: unknown) => setError(userMessage(err)));
        }}
      >
        <option value="preferred">предпочтительного поставщика (нет его цены — самую низкую)</option>
        <option value="lowest">самую низкую без НДС</option>
      </select>
      {error && <small className={s.error}>{error}</small>}
    </div>
  );
}

/** The item's price rows (newest first) and a form for a new one. */
export function PriceRows({ item, prices, onChanged }: { item: CatalogItem; prices: PriceRow[]; onChanged: () => void }) {
  const [supplier, setSupplier] = useState<Supplier | null>(null);
  const [price, setPrice] = useState('');
  const [vatIncluded, setVatIncluded] = useState(false);
  const [vatRate, setVatRate] = useState('none');
  const [validFrom, setValidFrom] = useState(moscowToday());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const vatOptions = useVatOptions(vatRate);

  const add = async () => {
    setErrors({});
    setMessage(null);
    if (!supplier) {
      setErrors({ supplierId: 'Выберите поставщика.' });
      return;
    }
    setBusy(true);
    try {
      await catalogApi.addPrice({ itemId: item.id, supplierId: supplier.id, price, vatIncluded, vatRate, validFrom });
      setPrice('');
      onChanged();
    } catch (e) {
      if (isApiError(e) && e.fields) setErrors(e.fields);
      else setMessage(userMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (id: string) => {
    setMessage(null);
    try {
      await catalogApi.removePrice(id);
      onChanged();
    } catch (e) {
      setMessage(userMessage(e));
    }
  };

  return (
    <>
      <div className={s.scroll}>
        <table className={s.table} aria-label="Цены поставщиков">
          <thead>
            <tr>
              <th>Поставщик</th>
              <th className={s.right}>Цена</th>
              <th>НДС</th>
              <th className={s.right}>Без НДС</th>
              <th>Действует с</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {prices.map((p) => (
              <tr key={p.id}>
                <td>
                  {p.supplierName}
                  {p.supplierId === item.preferredSupplierId && <span className={s.muted}> · предпочтительный</span>}
                </td>
                <td className={s.right}>
                  {formatUnitPrice(p.price)}
                  <br />
                  <span className={s.muted}>{p.vatIncluded ? 'с НДС' : 'без НДС'}</span>
                </td>
                <td>{vatLabel(p.vatRate)}</td>
                <td className={s.right}>{formatUnitPrice(p.priceNoVat)}</td>
                <td>
                  {formatIsoDate(p.validFrom)}
                  {p.importId && <div className={s.muted}>из прайс-листа</div>}
                </td>
                <td>
                  <DeleteButton label={`Удалить цену ${p.supplierName} с ${formatIsoDate(p.validFrom)}`} onClick={() => void remove(p.id)} />
                </td>
              </tr>
            ))}
            {prices.length === 0 && (
              <EmptyRow colSpan={6}>Цен пока нет — добавьте цену поставщика или загрузите его прайс-лист.</EmptyRow>
            )}
          </tbody>
        </table>
      </div>
      <form
        className={s.grid}
        noValidate
        aria-label="Новая цена"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className={s.field}>
          <label htmlFor="price-supplier">Поставщик</label>
          <SupplierPicker id="price-supplier" value={supplier} onChange={setSupplier} invalid={!!errors.supplierId} />
          {errors.supplierId && <small className={s.error}>{errors.supplierId}</small>}
        </div>
        <div className={s.field}>
          <label htmlFor="price-value">Цена, ₽</label>
          <input id="price-value" className={`p-inputtext p-component ${errors.price ? 'p-invalid' : ''}`} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} />
          {errors.price && <small className={s.error}>{errors.price}</small>}
          <label className={s.checkLabel}>
            <input type="checkbox" checked={vatIncluded} onChange={(e) => setVatIncluded(e.target.checked)} /> цена с НДС
          </label>
        </div>
        <div className={s.field}>
          <label htmlFor="price-vat">Ставка НДС</label>
          <select id="price-vat" className={s.select} value={vatRate} onChange={(e) => setVatRate(e.target.value)}>
            {vatOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className={s.field}>
          <label htmlFor="price-from">Действует с</label>
          <DateField id="price-from" value={validFrom} onChange={setValidFrom} />
          {errors.validFrom && <small className={s.error}>{errors.validFrom}</small>}
        </div>
        <div className={s.field} style={{ justifyContent: 'flex-end' }}>
          <button type="submit" className="p-button" disabled={busy}>
            <i className="pi pi-plus" aria-hidden="true" />
            &nbsp;Добавить цену
          </button>
        </div>
        {message && (
          <p role="alert" className={`${s.error} ${s.wide}`}>
            {message}
          </p>
        )}
      </form>
    </>
  );
}
