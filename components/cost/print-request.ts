import type { CostParams, SpecDocument } from '@/lib/domain/cost';

/** localStorage key under which /cost hands the calculation to the printed form (/cost/print). */
export const PRINT_KEY = 'kalkulus.cost.print';

export interface PrintRequest {
  spec: SpecDocument | { specId: string };
  params: CostParams;
  /** The own company whose реквизиты head the form (default: the first own company). */
  companyId?: string;
}

/** The request stored by /cost, or null when there is none or it is not readable. */
export function readPrintRequest(raw: string | null): PrintRequest | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<PrintRequest>;
    if (!v || typeof v !== 'object' || !v.spec || typeof v.spec !== 'object') return null;
    return { spec: v.spec, params: v.params ?? {}, companyId: typeof v.companyId === 'string' ? v.companyId : undefined };
  } catch {
    return null;
  }
}
