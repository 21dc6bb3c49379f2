import type { CostResult, SpecDocument } from '@/lib/domain/cost';
import type { CostBookHeader } from '@/lib/domain/cost/export-header';
import { specSheets } from '@/lib/domain/cost/spec-export';
import { saveXlsx, xlsxBytes } from '@/lib/client/office/xlsx-book';

/** The workbook of a specification with its калькуляция (the same sheets as the /cost export after «Спецификация»). */
export function specXlsx(doc: SpecDocument, result: CostResult, opts: { processSetName?: string; header: CostBookHeader }): Promise<Uint8Array> {
  return xlsxBytes({ sheets: specSheets(doc, result, opts) });
}

/** Saves «Спецификация <name>.xlsx» (exceljs is loaded on the click). */
export async function downloadSpecXlsx(doc: SpecDocument, result: CostResult, opts: { processSetName?: string; header: CostBookHeader }) {
  saveXlsx(await specXlsx(doc, result, opts), `Спецификация ${doc.name || 'без названия'}.xlsx`);
}
