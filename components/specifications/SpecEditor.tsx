'use client';

import Link from 'next/link';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { operationsOfSet, type MaterialLine, type Operation, type ProcessStep, type SpecDocument } from '@/lib/domain/cost';
import { WASTE_MODE_TITLES, priceHeader, priceVatMode, type PriceVatMode } from '@/lib/domain/cost/spec-export';
import { HUNDRED, ZERO, formatNumber, parseDecimal } from '@/lib/domain/money';
import type { StoredSpec } from './api';
import { OKEI_UNITS } from './units';
import { useRowWindow } from './use-row-window';
import s from './spec-editor.module.css';

let seq = 0;
/** A fresh line id (unique in the document). */
export const newLineId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`;

export const emptySpec = (): SpecDocument => ({
  schemaVersion: 1,
  name: '',
  unit: 'шт',
  outputQty: '1',
  materials: [],
  operations: [],
});

export const newMaterial = (): MaterialLine => ({ id: newLineId('m'), name: '', unit: 'шт', qty: '1', wastePct: '', wasteMode: 'uplift', price: '' });
const newOperation = (): Operation => ({ id: newLineId('o'), name: '', hours: '', rate: '' });

/** брутто − нетто of a line (the default quantity of its returnable waste), Russian, or '' when not computable. */
export function defaultReturnableQty(m: MaterialLine): string {
  const parse = (v: string | undefined) => {
    const r = parseDecimal(v ?? '');
    return r.ok ? r.value : null;
  };
  const qty = parse(m.qty);
  const w = m.wastePct?.trim() ? parse(m.wastePct) : ZERO;
  if (!qty || !w || w.isNegative()) return '';
  let gross;
  if (m.wasteMode === 'share') {
    if (w.gte(100)) return '';
    gross = qty.times(100).div(HUNDRED.minus(w));
  } else gross = qty.times(HUNDRED.plus(w)).div(100);
  return formatNumber(gross.minus(qty).toDecimalPlaces(4));
}

/** Column titles of an operations table (the spec's own and the linked process set's). */
const OPERATION_HEADERS = ['№', 'Операция', 'Часы', 'Ставка, ₽/ч', 'Машино-часы', 'Ставка маш.-ч, ₽'];
/** The operations columns that are quantities (for the whole output, as the material «Нетто»). */
const OPERATION_QTY = new Set(['Часы', 'Машино-часы']);

/**
 * The engine takes every line for the whole output (`outputQty`) and divides the totals by it: the editor
 * says so in the quantity headers and under «Выпуск», so nobody enters per-unit quantities for a batch.
 */
export function outputScope(outputQty: string | undefined, unit: string): { short: string; summary: string } {
  const raw = outputQty?.trim() || '1';
  const q = raw.replace('.', ',');
  const u = unit || 'ед.';
  if (!/^\d+([.,]\d+)?$/.test(raw) || Number(raw.replace(',', '.')) === 1) {
    return { short: `на 1 ${u}`, summary: `Выпуск — 1 ${u}: количества в строках — на 1 ${u}, итог и есть себестоимость единицы.` };
  }
  return {
    short: `на весь выпуск: ${q} ${u}`,
    summary: `Количества в строках — на весь выпуск (${q} ${u}), не на единицу. Себестоимость единицы = итог ÷ ${q}.`,
  };
}

function QtyHeader({ label, scope }: { label: string; scope: string }) {
  return (
    <th title={`Количество ${scope}`}>
      {label}
      <small className={s.qtyScope}>{scope}</small>
    </th>
  );
}

/** Widths (rem) of the materials columns: №, name, unit, net, waste % + mode, semi-finished, price + VAT, article, returnable qty + price, actions. */
const MATERIAL_COLUMNS = [2.5, 12.5, 5.5, 6.5, 10.5, 9, 12, 8.5, 10.5, 2.5];

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
function pickSpec(line: MaterialLine, specId: string, specs: readonly StoredSpec[]): Partial<MaterialLine> {
  if (!specId) return { specId: undefined };
  const sp = specs.find((x) => x.id === specId);
  const named = line.name.trim() || !sp ? {} : { name: sp.name, ...(sp.unit ? { unit: sp.unit } : {}) };
  return { specId, article: 'purchased', price: '', ...named };
}

const ARTICLES = [
  { value: 'materials', label: '1 Материалы' },
  { value: 'purchased', label: '3 Покупные, п/ф' },
  { value: 'energy', label: '4 Энергия' },
];

interface RowProps<T> {
  index: number;
  line: T;
  errors: Record<string, string>;
  onChange: (index: number, patch: Partial<T>) => void;
  onRemove: (index: number) => void;
}

const MaterialRow = memo(function MaterialRow({ index, line, errors, onChange, onRemove, specs }: RowProps<MaterialLine> & { specs: StoredSpec[] }) {
  const err = (f: string) => errors[`materials.${index}.${f}`];
  const put = (patch: Partial<MaterialLine>) => onChange(index, patch);
  const n = index + 1;
  return (
    <tr data-row={index} aria-rowindex={index + 2}>
      <td className={s.num}>{n}</td>
      <td>
        <input className={`p-inputtext p-component ${err('name') ? 'p-invalid' : ''}`} aria-label={`Материал ${n}: наименование`} value={line.name} onChange={(e) => put({ name: e.target.value })} title={err('name')} />
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
        <input className={`p-inputtext p-component ${s.narrow} ${err('qty') ? 'p-invalid' : ''}`} inputMode="decimal" aria-label={`Материал ${n}: количество`} value={line.qty} onChange={(e) => put({ qty: e.target.value })} title={err('qty')} />
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
          {specs.map((sp) => (
            <option key={sp.id} value={sp.id}>
              {sp.name}
            </option>
          ))}
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
          <label className={s.check} title="Цена указана с НДС поставщика">
            <input
              type="checkbox"
              aria-label={`Материал ${n}: цена с НДС`}
              checked={!line.specId && !!line.priceIncludesVat}
              disabled={!!line.specId}
              onChange={(e) => put({ priceIncludesVat: e.target.checked || undefined })}
            />
            с НДС
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

const OperationRow = memo(function OperationRow({ index, line, errors, onChange, onRemove }: RowProps<Operation>) {
  const err = (f: string) => errors[`operations.${index}.${f}`];
  const put = (patch: Partial<Operation>) => onChange(index, patch);
  const n = index + 1;
  const cell = (f: 'hours' | 'rate' | 'machineHours' | 'machineRate', label: string) => (
    <td>
      <input className={`p-inputtext p-component ${s.narrow} ${err(f) ? 'p-invalid' : ''}`} inputMode="decimal" aria-label={`Операция ${n}: ${label}`} value={line[f] ?? ''} onChange={(e) => put({ [f]: e.target.value })} title={err(f)} />
    </td>
  );
  return (
    <tr>
      <td className={s.num}>{n}</td>
      <td>
        <input className={`p-inputtext p-component ${err('name') ? 'p-invalid' : ''}`} aria-label={`Операция ${n}: название`} value={line.name} onChange={(e) => put({ name: e.target.value })} title={err('name')} />
      </td>
      {cell('hours', 'часы')}
      {cell('rate', 'ставка')}
      {cell('machineHours', 'машино-часы')}
      {cell('machineRate', 'ставка машино-часа')}
      <td>
        <button type="button" className="p-button p-button-text p-button-danger p-button-sm" aria-label={`Удалить операцию ${n}`} onClick={() => onRemove(index)}>
          <i className="pi pi-trash" aria-hidden="true" />
        </button>
      </td>
    </tr>
  );
});

function HeadField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className={s.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {error}
        </small>
      )}
    </div>
  );
}

export interface SpecEditorProps {
  value: SpecDocument;
  onChange: (next: SpecDocument | ((prev: SpecDocument) => SpecDocument)) => void;
  /** Field path → Russian message (paths of the document: `materials.0.qty`). */
  errors?: Record<string, string>;
  /** Stored specifications for the nested-spec picker (without this one and those that contain it). */
  specs?: StoredSpec[];
  /** Business-process sets the specification may take its operations from (with their steps, to show them). */
  processSets?: LinkableSet[];
}

/** A business-process set as `business-processes/list` gives it. */
export interface LinkableSet {
  id: string;
  name: string;
  steps?: ProcessStep[];
}

/** The operations (and energy lines) a linked set gives the calculation, as the server derives them. */
function setOperations(set: LinkableSet, outputQty: string | undefined): { operations: Operation[]; energy: MaterialLine[] } {
  const steps = set.steps ?? [];
  try {
    return operationsOfSet({ name: set.name, steps }, outputQty?.trim() || '1');
  } catch {
    try {
      return operationsOfSet({ name: set.name, steps }, '1');
    } catch {
      return { operations: [], energy: [] };
    }
  }
}

const ru = (v: string | undefined) => {
  if (v === undefined || v === '') return '';
  const r = parseDecimal(v);
  return r.ok ? formatNumber(r.value.toDecimalPlaces(4)) : v;
};

/** The operations of a linked process set, read-only, with a link to the set. */
function LinkedSetOperations({ setId, set, known, outputQty, unit }: { setId: string; set: LinkableSet | undefined; known: boolean; outputQty: string | undefined; unit: string }) {
  const href = `/business-processes/${encodeURIComponent(setId)}`;
  const derived = useMemo(() => (set ? setOperations(set, outputQty) : null), [set, outputQty]);
  if (!known) {
    return (
      <section className={s.linked} aria-label="Операции из набора процессов">
        <h3>Операции из набора процессов</h3>
        <p className={s.hint}>
          Операции берутся из набора процессов: <Link href={href}>открыть набор</Link>.
        </p>
      </section>
    );
  }
  if (!set || !derived) {
    return (
      <section className={s.linked} aria-label="Операции из набора процессов">
        <h3>Операции из набора процессов</h3>
        <p role="alert" className="p-error">
          Набор процессов не найден — расчёт не выполнится. Выберите другой набор или «— нет —».
        </p>
      </section>
    );
  }
  return (
    <section className={s.linked} aria-label="Операции из набора процессов">
      <h3>Операции из набора процессов «{set.name}»</h3>
      <p className={s.hint}>
        Расчёт берёт эти шаги набора на выпуск спецификации. Здесь они только для просмотра — изменить их можно в наборе:{' '}
        <Link href={href}>открыть набор «{set.name}»</Link>.
      </p>
      <div className={s.scroll}>
        <table className={s.table} aria-label="Операции набора процессов">
          <thead>
            <tr>
              {OPERATION_HEADERS.map((h) => (OPERATION_QTY.has(h) ? <QtyHeader key={h} label={h} scope={outputScope(outputQty, unit).short} /> : <th key={h}>{h}</th>))}
            </tr>
          </thead>
          <tbody>
            {derived.operations.length === 0 && (
              <tr>
                <td colSpan={6}>В наборе нет шагов.</td>
              </tr>
            )}
            {derived.operations.map((o, i) => (
              <tr key={o.id}>
                <td className={s.num}>{i + 1}</td>
                <td>{o.name}</td>
                <td>{ru(o.hours)}</td>
                <td>{ru(o.rate)}</td>
                <td>{ru(o.machineHours)}</td>
                <td>{ru(o.machineRate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {derived.energy.length > 0 && (
        <ul className={s.hint} aria-label="Энергия оборудования набора">
          {derived.energy.map((m) => (
            <li key={m.id}>
              {m.name}: {ru(m.qty)} {m.unit} × {ru(m.price)} ₽ — статья 4
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const NO_ERRORS: Record<string, string> = {};
const NO_SPECS: StoredSpec[] = [];

/** The specification document editor: header, materials (inline), operations. Rows re-render only when they change. */
export function SpecEditor({ value, onChange, errors = NO_ERRORS, specs = NO_SPECS, processSets }: SpecEditorProps) {
  const setMaterial = useCallback(
    (i: number, patch: Partial<MaterialLine>) =>
      onChange((prev) => ({ ...prev, materials: prev.materials.map((m, j) => (j === i ? { ...m, ...patch } : m)) })),
    [onChange],
  );
  const removeMaterial = useCallback((i: number) => onChange((prev) => ({ ...prev, materials: prev.materials.filter((_, j) => j !== i) })), [onChange]);
  const setOperation = useCallback(
    (i: number, patch: Partial<Operation>) =>
      onChange((prev) => ({ ...prev, operations: prev.operations.map((o, j) => (j === i ? { ...o, ...patch } : o)) })),
    [onChange],
  );
  const removeOperation = useCallback((i: number) => onChange((prev) => ({ ...prev, operations: prev.operations.filter((_, j) => j !== i) })), [onChange]);
  const head = (patch: Partial<SpecDocument>) => onChange((prev) => ({ ...prev, ...patch }));
  // Each row gets only its own errors (a shared empty object otherwise), so a keystroke re-renders one row.
  const rowErrors = useMemo(() => {
    const byRow = new Map<string, Record<string, string>>();
    for (const [k, v] of Object.entries(errors)) {
      const m = /^(materials|operations)\.(\d+)\./.exec(k);
      if (!m) continue;
      const key = `${m[1]}.${m[2]}`;
      const own = byRow.get(key) ?? {};
      own[k] = v;
      byRow.set(key, own);
    }
    return byRow;
  }, [errors]);
  // Only the rows in view are rendered (a 2 000-line specification keeps a few dozen rows in the DOM).
  const [box, win] = useRowWindow(value.materials.length);
  const vatMode = useMemo(() => priceVatMode(value.materials), [value.materials]);
  const setVatMode = (mode: PriceVatMode) => {
    if (mode === 'mixed') return;
    onChange((prev) => ({ ...prev, materials: prev.materials.map((m) => (m.specId || !!m.priceIncludesVat === (mode === 'with') ? m : { ...m, priceIncludesVat: mode === 'with' || undefined })) }));
  };
  const linkedSet = value.processSetId ? processSets?.find((p) => p.id === value.processSetId) : undefined;
  const addMaterial = () => {
    onChange((prev) => {
      const line = newMaterial();
      if (priceVatMode(prev.materials) === 'with' && prev.materials.some((m) => !m.specId)) line.priceIncludesVat = true;
      return { ...prev, materials: [...prev.materials, line] };
    });
    requestAnimationFrame(() => box.current?.scrollTo({ top: box.current.scrollHeight }));
  };
  const scope = outputScope(value.outputQty, value.unit);

  return (
    <div className={s.editor}>
      <div className={s.header}>
        <HeadField id="spec-name" label="Название" error={errors.name}>
          <input id="spec-name" className={`p-inputtext p-component ${errors.name ? 'p-invalid' : ''}`} aria-invalid={!!errors.name} aria-describedby={errors.name ? 'spec-name-error' : undefined} value={value.name} onChange={(e) => head({ name: e.target.value })} />
        </HeadField>
        <HeadField id="spec-code" label="Код">
          <input id="spec-code" className="p-inputtext p-component" value={value.code ?? ''} onChange={(e) => head({ code: e.target.value })} />
        </HeadField>
        <HeadField id="spec-unit" label="Единица выпуска">
          <select id="spec-unit" className={s.select} value={value.unit} onChange={(e) => head({ unit: e.target.value })}>
            {OKEI_UNITS.map((u) => (
              <option key={u.code} value={u.short}>
                {u.short} — {u.name}
              </option>
            ))}
          </select>
        </HeadField>
        <HeadField
          id="spec-output"
          label="Выпуск, ед."
          error={errors.outputQty}
          hint={
            <small id="spec-output-hint" className={s.hint} data-testid="output-scope">
              {scope.summary}
            </small>
          }
        >
          <input id="spec-output" className={`p-inputtext p-component ${errors.outputQty ? 'p-invalid' : ''}`} aria-invalid={!!errors.outputQty} aria-describedby={errors.outputQty ? 'spec-output-error spec-output-hint' : 'spec-output-hint'} inputMode="decimal" value={value.outputQty ?? ''} onChange={(e) => head({ outputQty: e.target.value })} />
        </HeadField>
        <HeadField id="spec-price-vat" label="Цены материалов указаны">
          <select id="spec-price-vat" className={s.select} value={vatMode} onChange={(e) => setVatMode(e.target.value as PriceVatMode)} aria-describedby="spec-price-vat-hint">
            <option value="without">без НДС</option>
            <option value="with">с НДС</option>
            {vatMode === 'mixed' && (
              <option value="mixed" disabled>
                по-разному (см. строки)
              </option>
            )}
          </select>
          <small id="spec-price-vat-hint" className={s.hint}>
            На ОСНО НДС из цены вычитается, на УСН и ПСН — входит в себестоимость.
          </small>
        </HeadField>
        {processSets && (
          <HeadField id="spec-process-set" label="Операции из набора процессов">
            <select id="spec-process-set" className={s.select} value={value.processSetId ?? ''} onChange={(e) => head({ processSetId: e.target.value || undefined })}>
              <option value="">— нет —</option>
              {processSets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
              {value.processSetId && !processSets.some((p) => p.id === value.processSetId) && <option value={value.processSetId}>набор не найден</option>}
            </select>
          </HeadField>
        )}
      </div>

      <h3>Материалы</h3>
      <div className={s.scroll} ref={box} data-testid="materials-scroll">
        <table className={`${s.table} ${s.fixedRows} ${s.materials}`} aria-rowcount={value.materials.length + 1}>
          <colgroup>
            {MATERIAL_COLUMNS.map((w, i) => (
              <col key={i} style={{ width: `${w}rem` }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th>№</th>
              <th>Наименование</th>
              <th>Ед.</th>
              <QtyHeader label="Нетто" scope={scope.short} />
              <th>Отходы, %</th>
              <th>Полуфабрикат</th>
              <th data-testid="price-header">{priceHeader(vatMode)}</th>
              <th>Статья</th>
              <th title="Количество (пусто — брутто − нетто) и цена за единицу">Возвр. отходы: кол-во, ₽/ед.</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {win.before > 0 && (
              <tr aria-hidden="true" style={{ height: win.before }}>
                <td colSpan={10} />
              </tr>
            )}
            {value.materials.slice(win.start, win.end).map((m, k) => {
              const i = win.start + k;
              return <MaterialRow key={m.id} index={i} line={m} errors={rowErrors.get(`materials.${i}`) ?? NO_ERRORS} onChange={setMaterial} onRemove={removeMaterial} specs={specs} />;
            })}
            {win.after > 0 && (
              <tr aria-hidden="true" style={{ height: win.after }}>
                <td colSpan={10} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <button type="button" className="p-button p-button-outlined p-button-sm" onClick={addMaterial}>
        <i className="pi pi-plus" aria-hidden="true" />
        &nbsp;Добавить материал
      </button>

      {value.processSetId && <LinkedSetOperations setId={value.processSetId} set={linkedSet} known={!!processSets} outputQty={value.outputQty} unit={value.unit} />}

      <h3>{value.processSetId ? 'Собственные операции спецификации' : 'Операции'}</h3>
      {value.processSetId && <p className={s.hint}>Считаются вместе с операциями набора (в калькуляции идут перед ними). Если все операции в наборе, оставьте таблицу пустой.</p>}
      <div className={s.scroll}>
        <table className={s.table} aria-label={value.processSetId ? 'Собственные операции' : 'Операции'}>
          <thead>
            <tr>
              {OPERATION_HEADERS.map((h) => (OPERATION_QTY.has(h) ? <QtyHeader key={h} label={h} scope={scope.short} /> : <th key={h}>{h}</th>))}
              <th />
            </tr>
          </thead>
          <tbody>
            {value.operations.map((o, i) => (
              <OperationRow key={o.id} index={i} line={o} errors={rowErrors.get(`operations.${i}`) ?? NO_ERRORS} onChange={setOperation} onRemove={removeOperation} />
            ))}
          </tbody>
        </table>
      </div>
      <button type="button" className="p-button p-button-outlined p-button-sm" onClick={() => onChange((prev) => ({ ...prev, operations: [...prev.operations, newOperation()] }))}>
        <i className="pi pi-plus" aria-hidden="true" />
        &nbsp;Добавить операцию
      </button>
    </div>
  );
}
