import type { CostResult } from '@/lib/domain/cost';
import { costSheets } from '@/lib/domain/cost/export';
import type { CostBookHeader } from '@/lib/domain/cost/export-header';
import { saveXlsx, xlsxBytes } from '@/lib/client/office/xlsx-book';

/** The workbook of a калькуляция (sheets «Калькуляция» and «Расшифровка») with its heading. */
export const costXlsx = (result: CostResult, header: CostBookHeader): Promise<Uint8Array> => xlsxBytes({ sheets: costSheets(result, header) });

/** Saves the калькуляция as «Калькуляция <name>.xlsx» (exceljs is loaded on the click). */
export async function downloadCostXlsx(result: CostResult, header: CostBookHeader) {
  saveXlsx(await costXlsx(result, header), `Калькуляция ${result.name}.xlsx`);
}
