import type { CostResult, SpecDocument } from '@/lib/domain/cost';
import { specSheetRows } from '@/lib/domain/cost/spec-export';
import { writeXlsx } from '@/lib/domain/xlsx/write';

/** The workbook of a specification with its калькуляция (the same XLSX writer as /cost). */
export function specXlsx(doc: SpecDocument, result: CostResult, opts: { processSetName?: string } = {}): Uint8Array {
  return writeXlsx('Спецификация', specSheetRows(doc, result, opts));
}

/** Saves «Спецификация <name>.xlsx». */
export function downloadSpecXlsx(doc: SpecDocument, result: CostResult, opts: { processSetName?: string } = {}) {
  const bytes = specXlsx(doc, result, opts);
  const blob = new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `Спецификация ${(doc.name || 'без названия').replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
