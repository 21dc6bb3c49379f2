'use client';

import { memo } from 'react';
import type { MaterialLine } from '@/lib/domain/cost';
import { WASTE_MODE_TITLES } from '@/lib/domain/cost/spec-columns';
import type { SpecChoice } from './api';
import { NameField } from './NameField';
import { defaultReturnableQty, type RowProps } from './spec-lines';
import { OKEI_UNITS } from './units';
import s from './spec-editor.module.css';

/** Widths (rem) of the materials columns: №, name, unit, net, waste % + mode, semi-finished, price + VAT, article, returnable qty + price, actions. */
export const MATERIAL_COLUMNS = [2.5, 12.5, 5.5, 6.5, 10.5, 9, 12, 8.5, 10.5, 2.5];

/** The line's returnable waste with `patch`; both fields empty → none. */

function returnableWith(m: MaterialLine, patch: { qty?: string; price?: string }): MaterialLine['returnable'] {
  const qty = patch.qty ?? m.returnable?.qty ?? '';
  const price = patch.price ?? m.returnable?.price ?? '';
  if (!qty.trim() && !price.trim()) return undefined;
  return qty.trim() ? { qty, price } : { price };
}

/**
 * The change of a line when semi-finished specification `specId` is picked ('' = bought): article 3, the price
 * from the specification; an unnamed line takes the specification's name and unit of output.
 */
function pickSpec(line: MaterialLine, specId: string, specs: readonly SpecChoice[]): Partial<MaterialLine> {
  if (!specId) return { specId: undefined };
  const sp = specs.find((x) => x.id === specId);
  const named = line.name.trim() || !sp ? {} : { name: sp.name, ...(sp.unit ? { unit: sp.unit } : {}) };
  return { specId, itemId: undefined, sheet: undefined, article: 'purchased', price: '', ...named };
}

const ARTICLES = [
  { value: 'materials', label: '1 Материалы' },
  { value: 'purchased', label: '3 Покупные, п/ф' },
  { value: 'energy', label: '4 Энергия' },
];

export const MaterialRow = memo(function MaterialRow({ index, line, errors, onChange, onRemove, specs, onPick, onSheet }: RowProps<MaterialLine> & { specs: SpecChoice[]; onPick: (index: number) => void; onSheet: (index: number) => void }) {
  const err = (f: string) => errors[`materials.${index}.${f}`];
  const put = (patch: Partial<MaterialLine>) => onChange(index, patch);
  const n = index + 1;
  // The price's own VAT: not subject («без НДС»), or a rate the catalogue gave it.
  const exempt = !line.specId && line.priceVatPct === 'none';
  const vatRateText = line.priceVatPct && line.priceVatPct !== 'none' ? line.priceVatPct.replace('.', ',') : '';
  return (
    <tr data-row={index} aria-rowindex={index + 2}>
      <td className={s.num}>{n}</td>
      <td>
        <div className={s.pair}>
          <NameField
            label={`Материал ${n}: наименование`}
            value={line.name}
            invalid={!!err('name')}
            onChange={(name) => put({ name, ...(line.itemId ? { itemId: undefined, sheet: undefined } : {}) })}
            title={err('name') ?? (line.itemId ? 'Из номенклатуры: правка названия отвяжет строку' : undefined)}
          />
          <button
            type="button"
            className={`p-button p-button-sm ${line.itemId ? '' : 'p-button-text'} ${s.iconBtn}`}
            aria-label={line.itemId ? `Материал ${n}: из номенклатуры — сменить` : `Материал ${n}: выбрать из номенклатуры`}
            title={line.itemId ? 'Из номенклатуры (сменить или отвязать)' : 'Выбрать из номенклатуры'}
            onClick={() => onPick(index)}
          >
            <i className="pi pi-box" aria-hidden="true" />
          </button>
        </div>
      </td>
      <td>
        <select className={s.select} aria-label={`Материал ${n}: единица`} value={line.unit} onChange={(e) => put({ unit: e.target.value })}>
          {OKEI_UNITS.map((u) => (
            <option key={u.code} value={u.short}>
              {u.short}
            </option>
          ))}
          {!OKEI_UNITS.some((u) => u.short === line.unit) && <option value={line.unit}>{line.unit}</option>}
        </select>
      </td>
      <td>
        {line.sheet ? (
          <div className={s.pair}>
            <input
              className={`p-inputtext p-component ${s.narrow} ${err('qty') ? 'p-invalid' : ''}`}
              inputMode="decimal"
              aria-label={`Материал ${n}: количество`}
              value={line.qty}
              onChange={(e) => put({ qty: e.target.value })}
              title={err('qty') ?? 'Количество остаётся как введено; кнопка рядом предложит его из листов или м²'}
            />
            <button type="button" className={`p-button p-button-sm p-button-outlined ${s.iconBtn}`} aria-label={`Материал ${n}: листы или м²`} title="Листы или м² с использованием листа" onClick={() => onSheet(index)}>
              <i className="pi pi-th-large" aria-hidden="true" />
            </button>
          </div>
        ) : (
          <input className={`p-inputtext p-component ${s.narrow} ${err('qty') ? 'p-invalid' : ''}`} inputMode="decimal" aria-label={`Материал ${n}: количество`} value={line.qty} onChange={(e) => put({ qty: e.target.value })} title={err('qty')} />
        )}
      </td>
      <td>
        <div className={s.pair}>
          <input className={`p-inputtext p-component ${s.narrow} ${err('wastePct') ? 'p-invalid' : ''}`} inputMode="decimal" aria-label={`Материал ${n}: отходы, %`} value={line.wastePct ?? ''} onChange={(e) => put({ wastePct: e.target.value })} title={err('wastePct')} />
          <select className={s.select} aria-label={`Материал ${n}: способ учёта отходов`} value={line.wasteMode ?? 'uplift'} onChange={(e) => put({ wasteMode: e.target.value as MaterialLine['wasteMode'] })}>
            <option value="uplift">{WASTE_MODE_TITLES.uplift}</option>
            <option value="share">{WASTE_MODE_TITLES.share}</option>
          </select>
        </div>
      </td>
      <td>
        <select
          className={`${s.select} ${err('specId') ? 'p-invalid' : ''}`}
          aria-label={`Материал ${n}: полуфабрикат`}
          aria-invalid={!!err('specId')}
          title={err('specId')}
          value={line.specId ?? ''}
          onChange={(e) => put(pickSpec(line, e.target.value, specs))}
        >
          <option value="">— покупной —</option>
          {specs.map((sp) => (sp.denied && sp.id !== line.specId ? null : (
            <option key={sp.id} value={sp.id}>
              {sp.name}
            </option>
          )))}
          {line.specId && !specs.some((sp) => sp.id === line.specId) && <option value={line.specId}>{line.name || 'спецификация недоступна'}</option>}
        </select>
      </td>
      <td>
        <div className={s.pair}>
          <input
            className={`p-inputtext p-component ${s.narrow} ${err('price') ? 'p-invalid' : ''}`}
            inputMode="decimal"
            aria-label={`Материал ${n}: цена`}
            value={line.specId ? '' : (line.price ?? '')}
            placeholder={line.specId ? 'по спецификации' : ''}
            disabled={!!line.specId}
            onChange={(e) => put({ price: e.target.value })}
            title={err('price')}
          />
          <label className={s.check} title={exempt ? 'Поставщик не платит НДС: цена — вся стоимость. Отметьте, если цена всё же с НДС.' : 'Цена указана с НДС поставщика'}>
            <input
              type="checkbox"
              aria-label={`Материал ${n}: цена с НДС`}
              checked={!line.specId && !exempt && !!line.priceIncludesVat}
              disabled={!!line.specId}
              onChange={(e) => put({ priceIncludesVat: e.target.checked || undefined, ...(exempt ? { priceVatPct: undefined } : {}) })}
            />
            {exempt ? 'без НДС' : vatRateText ? `с НДС ${vatRateText} %` : 'с НДС'}
          </label>
        </div>
      </td>
      <td>
        <select className={s.select} aria-label={`Материал ${n}: статья`} value={line.article ?? 'materials'} onChange={(e) => put({ article: e.target.value as MaterialLine['article'] })}>
          {ARTICLES.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </td>
      <td>
        <div className={s.pair}>
          <input
            className={`p-inputtext p-component ${s.narrow} ${err('returnable.qty') ? 'p-invalid' : ''}`}
            inputMode="decimal"
            aria-label={`Материал ${n}: возвратные отходы, количество`}
            value={line.returnable?.qty ?? ''}
            placeholder={defaultReturnableQty(line)}
            onChange={(e) => put({ returnable: returnableWith(line, { qty: e.target.value }) })}
            title={err('returnable.qty') ?? 'Пусто — брутто − нетто'}
          />
          <input
            className={`p-inputtext p-component ${s.narrow} ${err('returnable.price') ? 'p-invalid' : ''}`}
            inputMode="decimal"
            aria-label={`Материал ${n}: возвратные отходы, цена`}
            value={line.returnable?.price ?? ''}
            placeholder="₽/ед."
            onChange={(e) => put({ returnable: returnableWith(line, { price: e.target.value }) })}
            title={err('returnable.price')}
          />
        </div>
      </td>
      <td>
        <button type="button" className="p-button p-button-text p-button-danger p-button-sm" aria-label={`Удалить материал ${n}`} onClick={() => onRemove(index)}>
          <i className="pi pi-trash" aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
});
