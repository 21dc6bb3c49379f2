import type { CostResult } from '@/lib/domain/cost';
import { costSheets } from '@/lib/domain/cost/export';
import { saveXlsx, xlsxBytes } from '@/lib/client/office/xlsx-book';

/** The workbook of a калькуляция (sheets «Калькуляция» and «Расшифровка»). */
export const costXlsx = (result: CostResult): Promise<Uint8Array> => xlsxBytes({ sheets: costSheets(result) });

/** Saves the калькуляция as «Калькуляция <name>.xlsx» (exceljs is loaded on the click). */
export async function downloadCostXlsx(result: CostResult) {
  saveXlsx(await costXlsx(result), `Калькуляция ${result.name}.xlsx`);
}
