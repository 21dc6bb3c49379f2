'use client';

import dynamic from 'next/dynamic';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { MaterialLine, Operation, SpecDocument } from '@/lib/domain/cost';
import { priceHeader, priceVatMode, type PriceVatMode } from '@/lib/domain/cost/spec-columns';
import { SUPPLIER_PRICE_BASES, SUPPLIER_PRICE_BASIS_TITLES, type SupplierPriceBasis } from '@/lib/domain/cost/price-basis';
import type { SpecChoice } from './api';
import { MATERIAL_COLUMNS, MaterialRow } from './SpecMaterialRow';
import { LinkedSetOperations, OperationsTable, QtyHeader } from './SpecOperations';
import type { Centres } from './SpecOperationCentre';
import { newMaterial, outputScope, type LinkableSet } from './spec-lines';
import { OKEI_UNITS } from './units';
import { lineFromItem, unlinkItem } from '@/components/catalog/spec-line';
import { useRowWindow } from './use-row-window';
import s from './spec-editor.module.css';

export { defaultReturnableQty, emptySpec, newLineId, newMaterial, outputScope, type LinkableSet } from './spec-lines';

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
  specs?: SpecChoice[];
  /** Business-process sets the specification may take its operations from (with their steps, to show them). */
  processSets?: LinkableSet[];
  /** The user's work centres an operation may take its rates from (null while they load; absent: no such column). */
  workCentres?: Centres;
  /**
   * The user's default VAT basis of supplier prices: a new free-text line starts with it (absent or not yet
   * loaded: without VAT). With `onChange` the header offers to change it (`use-supplier-prices.ts`).
   */
  supplierPrices?: { basis: SupplierPriceBasis | undefined; onChange?: (basis: SupplierPriceBasis) => void; error?: string | null };
}

// The catalogue pickers load on first use: the editor itself carries none of their code.
const ItemPickerDialog = dynamic(() => import('@/components/catalog/ItemPickerDialog').then((m) => m.ItemPickerDialog), { ssr: false });
const SheetDialog = dynamic(() => import('@/components/catalog/SheetDialog').then((m) => m.SheetDialog), { ssr: false });

const NO_ERRORS: Record<string, string> = {};
const NO_SPECS: SpecChoice[] = [];

/** The specification document editor: header, materials (inline), operations. Rows re-render only when they change. */
export function SpecEditor({ value, onChange, errors = NO_ERRORS, specs = NO_SPECS, processSets, workCentres, supplierPrices }: SpecEditorProps) {
  const setMaterial = useCallback(
    (i: number, patch: Partial<MaterialLine>) =>
      onChange((prev) => ({ ...prev, materials: prev.materials.map((m, j) => (j === i ? { ...m, ...patch } : m)) })),
    [onChange],
  );
  // The line whose catalogue item (or sheet quantity) is being picked.
  const [picking, setPicking] = useState<{ index: number; what: 'item' | 'sheet' } | null>(null);
  const onPick = useCallback((index: number) => setPicking({ index, what: 'item' }), []);
  const onSheet = useCallback((index: number) => setPicking({ index, what: 'sheet' }), []);
  const pickedLine = picking ? value.materials[picking.index] : undefined;
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
    onChange((prev) => ({ ...prev, materials: prev.materials.map((m) => (m.specId || m.priceVatPct === 'none' || !!m.priceIncludesVat === (mode === 'with') ? m : { ...m, priceIncludesVat: mode === 'with' || undefined })) }));
  };
  const linkedSet = value.processSetId ? processSets?.find((p) => p.id === value.processSetId) : undefined;
  // A new line starts with the user's default basis, whatever the lines above it have.
  const newLineBasis = supplierPrices?.basis;
  const addMaterial = () => {
    onChange((prev) => ({ ...prev, materials: [...prev.materials, newMaterial(newLineBasis)] }));
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
        {supplierPrices?.onChange && (
          <HeadField
            id="spec-new-line-vat"
            label="Цены поставщиков по умолчанию"
            error={supplierPrices.error ?? undefined}
            hint={
              <small id="spec-new-line-vat-hint" className={s.hint}>
                С этого начинается каждая новая строка (ваша настройка для всех спецификаций); строка из номенклатуры берёт НДС своей цены.
              </small>
            }
          >
            <select
              id="spec-new-line-vat"
              className={s.select}
              value={supplierPrices.basis ?? ''}
              disabled={!supplierPrices.basis}
              aria-describedby="spec-new-line-vat-hint"
              onChange={(e) => supplierPrices.onChange?.(e.target.value as SupplierPriceBasis)}
            >
              {!supplierPrices.basis && <option value="">загрузка…</option>}
              {SUPPLIER_PRICE_BASES.map((b) => (
                <option key={b} value={b}>
                  {SUPPLIER_PRICE_BASIS_TITLES[b]}
                </option>
              ))}
            </select>
          </HeadField>
        )}
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
              return <MaterialRow key={m.id} index={i} line={m} errors={rowErrors.get(`materials.${i}`) ?? NO_ERRORS} onChange={setMaterial} onRemove={removeMaterial} specs={specs} onPick={onPick} onSheet={onSheet} />;
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

      {picking?.what === 'item' && pickedLine && (
        <ItemPickerDialog
          title={`Материал ${picking.index + 1}: из номенклатуры`}
          linked={Boolean(pickedLine.itemId)}
          onPick={(item) => {
            setMaterial(picking.index, lineFromItem(pickedLine, item));
            setPicking(item.sheetWidthMm && item.sheetHeightMm ? { index: picking.index, what: 'sheet' } : null);
          }}
          onUnlink={() => {
            setMaterial(picking.index, unlinkItem());
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}
      {picking?.what === 'sheet' && pickedLine && (
        <SheetDialog
          line={pickedLine}
          onApply={(patch) => {
            setMaterial(picking.index, patch);
            setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      )}

      {value.processSetId && <LinkedSetOperations setId={value.processSetId} set={linkedSet} known={!!processSets} outputQty={value.outputQty} unit={value.unit} />}

      <OperationsTable
        operations={value.operations}
        setLinked={!!value.processSetId}
        scope={scope.short}
        rowErrors={rowErrors}
        centres={workCentres}
        onSet={setOperation}
        onRemove={removeOperation}
        onAdd={(line) => onChange((prev) => ({ ...prev, operations: [...prev.operations, line] }))}
      />
    </div>
  );
}
