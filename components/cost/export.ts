import type { CostResult } from '@/lib/domain/cost';
import { costSheetRows } from '@/lib/domain/cost/export';
import { writeXlsx } from '@/lib/domain/xlsx/write';

/** Saves the калькуляция as «Калькуляция <name>.xlsx». */
export function downloadCostXlsx(result: CostResult) {
  const bytes = writeXlsx('Калькуляция', costSheetRows(result));
  const blob = new Blob([bytes as BlobPart], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `Калькуляция ${result.name.replace(/[\\/:*?"<>|]/g, '_')}.xlsx`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
