'use client';

import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import type { MaterialLine } from '@/lib/domain/cost';
import { formatDecimalText, formatNumber, parseDecimal } from '@/lib/domain/money';
import { useLoad } from '@/lib/client/use-load';
import { DialogFooter } from '@/components/layout/DialogFooter';
import { catalogApi } from './api';
import { isSheet, sheetFigures, type SheetEntry } from './spec-line';
import s from './catalog.module.css';

/** The line's quantity (as typed, Russian) and a figure of the dialog are the same number. */
function sameQty(typed: string, figure: string): boolean {
  const a = parseDecimal(typed);
  return a.ok && a.value.eq(figure);
}

/**
 * A sheet material's quantity: in sheets or in useful м² with the utilisation % of a sheet; the other figure is
 * derived from the item's sheet size, and «Готово» writes the line's quantity (in its unit) from them — a figure
 * in the line's own unit exactly as typed. The line's quantity field stays the user's to edit.
 */
export function SheetDialog({ line, onApply, onClose }: { line: MaterialLine; onApply: (patch: Partial<MaterialLine>) => void; onClose: () => void }) {
  const load = useLoad((signal) => catalogApi.get(line.itemId as string, signal), [line.itemId], { enabled: Boolean(line.itemId) });
  const item = load.data?.item;
  const [entry, setEntry] = useState<SheetEntry>(() => line.sheet ?? { by: 'sheets', sheets: '', utilisationPct: '100' });
  const set = (patch: Partial<SheetEntry>) => setEntry((e) => ({ ...e, ...patch }));
  const sides = item && isSheet(item) ? { sheetWidthMm: item.sheetWidthMm as string, sheetHeightMm: item.sheetHeightMm as string } : null;
  const figures = sides ? sheetFigures(entry, sides, line.unit) : null;
  const ok = figures && !('error' in figures) ? figures : null;
  return (
    <Dialog
      header={`Листовой материал: ${line.name}`}
      visible
      onHide={onClose}
      style={{ width: 'min(32rem, 96vw)' }}
      footer={<DialogFooter label="Готово" onCancel={onClose} disabled={!ok} onConfirm={() => ok && onApply({ sheet: entry, qty: formatDecimalText(ok.qty) })} />}
    >
      {load.error && <p className={s.error}>{load.error}</p>}
      {item && !sides && <p>У позиции «{item.name}» не указан размер листа.</p>}
      {sides && (
        <>
          <p style={{ marginTop: 0 }} className={s.muted}>
            Лист {formatNumber(sides.sheetWidthMm)} × {formatNumber(sides.sheetHeightMm)} мм
          </p>
          <div className={s.toolbar} role="radiogroup" aria-label="Ввод">
            <label>
              <input type="radio" name="sheet-by" checked={entry.by === 'sheets'} onChange={() => set({ by: 'sheets' })} /> в листах
            </label>
            <label>
              <input type="radio" name="sheet-by" checked={entry.by === 'area'} onChange={() => set({ by: 'area' })} /> в м²
            </label>
          </div>
          <div className={s.grid}>
            {entry.by === 'sheets' ? (
              <div className={s.field}>
                <label htmlFor="sheet-count">Листов</label>
                <input id="sheet-count" className="p-inputtext p-component" inputMode="decimal" value={entry.sheets ?? ''} onChange={(e) => set({ sheets: e.target.value })} />
              </div>
            ) : (
              <div className={s.field}>
                <label htmlFor="sheet-area">Площадь деталей, м²</label>
                <input id="sheet-area" className="p-inputtext p-component" inputMode="decimal" value={entry.areaM2 ?? ''} onChange={(e) => set({ areaM2: e.target.value })} />
              </div>
            )}
            <div className={s.field}>
              <label htmlFor="sheet-util">Использование листа, %</label>
              <input id="sheet-util" className="p-inputtext p-component" inputMode="decimal" value={entry.utilisationPct ?? ''} onChange={(e) => set({ utilisationPct: e.target.value })} />
            </div>
          </div>
          <p role="status" data-testid="sheet-figures">
            {figures && 'error' in figures
              ? figures.error
              : ok && (entry.by === 'sheets' ? `Полезная площадь: ${formatNumber(ok.areaM2)} м²` : `Нужно листов: ${formatNumber(ok.sheets)}`)}
            {ok && ` · в строку: ${formatNumber(ok.qty)} ${line.unit}`}
            {ok && !sameQty(line.qty, ok.qty) && ` (сейчас в строке: ${line.qty || '—'} ${line.unit}; «Готово» заменит)`}
          </p>
        </>
      )}
    </Dialog>
  );
}
