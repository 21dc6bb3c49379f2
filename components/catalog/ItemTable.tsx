'use client';

import { memo } from 'react';
import { formatNumber, formatUnitPrice } from '@/lib/domain/money';
import { formatIsoDate } from '@/lib/domain/format/date';
import type { CatalogItem } from './api';
import { ITEM_TYPE_TITLES } from './labels';
import s from './catalog.module.css';

/** The price a row shows: without VAT, its supplier and date in the hint. */
function PriceCell({ item }: { item: CatalogItem }) {
  const p = item.price;
  if (!p) return <span className={s.muted}>нет цены</span>;
  return (
    <span title={`${p.supplierName}, с ${formatIsoDate(p.validFrom)}${p.vatIncluded ? ', указана с НДС' : ''}`}>
      {formatUnitPrice(p.priceNoVat)}
      <br />
      <span className={s.muted}>{p.supplierName}</span>
    </span>
  );
}

const Row = memo(function Row({ item, checked, onCheck, onOpen }: { item: CatalogItem; checked: boolean; onCheck: (id: string, on: boolean) => void; onOpen: (item: CatalogItem) => void }) {
  return (
    <tr>
      <td className={s.check}>
        <input type="checkbox" aria-label={`Выбрать «${item.name}»`} checked={checked} onChange={(e) => onCheck(item.id, e.target.checked)} />
      </td>
      <td>
        <button type="button" className={s.linkBtn} onClick={() => onOpen(item)}>
          {item.name}
        </button>
        {item.archived && <span className={s.muted}> · в архиве</span>}
        {item.sheetWidthMm && item.sheetHeightMm && (
          <div className={s.muted}>
            лист {formatNumber(item.sheetWidthMm)} × {formatNumber(item.sheetHeightMm)} мм
          </div>
        )}
      </td>
      <td>{item.article || '—'}</td>
      <td>{item.groupName ?? '—'}</td>
      <td>{ITEM_TYPE_TITLES[item.type]}</td>
      <td>
        {item.unit}
        {item.okei && <span className={s.muted}> ({item.okei})</span>}
      </td>
      <td className={s.right}>{item.wastePct ? `${formatNumber(item.wastePct)} %` : '—'}</td>
      <td className={s.right}>
        <PriceCell item={item} />
      </td>
    </tr>
  );
});

/**
 * The items of one page: a plain table (the page carries no data-grid code), a check box per row for bulk
 * edit and the name as the button that opens the item.
 */
export function ItemTable({
  items,
  selected,
  onCheck,
  onCheckAll,
  onOpen,
  empty,
  busy,
}: {
  items: CatalogItem[];
  selected: ReadonlySet<string>;
  onCheck: (id: string, on: boolean) => void;
  onCheckAll: (on: boolean) => void;
  onOpen: (item: CatalogItem) => void;
  empty: string;
  busy: boolean;
}) {
  const all = items.length > 0 && items.every((i) => selected.has(i.id));
  return (
    <div className={s.scroll}>
      <table className={s.table} aria-label="Позиции номенклатуры" aria-busy={busy}>
        <thead>
          <tr>
            <th className={s.check}>
              <input type="checkbox" aria-label="Выбрать все на странице" checked={all} onChange={(e) => onCheckAll(e.target.checked)} />
            </th>
            <th>Наименование</th>
            <th>Артикул</th>
            <th>Группа</th>
            <th>Тип</th>
            <th>Ед. (ОКЕИ)</th>
            <th className={s.right}>Отходы</th>
            <th className={s.right}>Цена без НДС</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <Row key={i.id} item={i} checked={selected.has(i.id)} onCheck={onCheck} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
      {items.length === 0 && <p className={s.muted} style={{ padding: '0.5rem 0.75rem', margin: 0 }}>{busy ? 'Загрузка…' : empty}</p>}
    </div>
  );
}
