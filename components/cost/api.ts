import { productApi } from '@/lib/client/api';
import type { CostParams, SpecDocument } from '@/lib/domain/cost';
import type { CalculateAnswer } from '@/components/specifications/api';
import type { Sensitivity } from '@/lib/domain/cost/sensitivity';
import type { Company } from '@/lib/schemas/companies';

export type DefaultsSource = { kind: 'company'; id: string; name: string } | { kind: 'user' } | { kind: 'none' };

/** The /cost page's calls: the калькуляция with a chosen own company's defaults, sensitivity, реквизиты. */
export const costAnalysisApi = {
  calculate: (body: { spec: SpecDocument | { specId: string }; params: CostParams; companyId?: string }) =>
    productApi<CalculateAnswer>('cost/calculate', body),
  /** Default parameters: of the given own company, otherwise the first own company with costing, then the user's. */
  defaults: (companyId?: string) => productApi<{ params: CostParams; source: DefaultsSource }>('cost/defaults/get', companyId ? { companyId } : {}),
  sensitivity: (body: { spec: SpecDocument | { specId: string }; params: CostParams; companyId?: string; stepPct?: string }, signal?: AbortSignal) =>
    productApi<{ sensitivity: Sensitivity }>('cost/sensitivity', body, { signal }),
  /** The user's own companies (реквизиты for the printed form). */
  ownCompanies: () =>
    productApi<{ companies: Company[]; total: number }>('companies/list', { scope: 'own', sort: 'created_at', limit: 50, offset: 0, search: '' }),
};
