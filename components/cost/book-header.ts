import type { CallOutput } from '@/lib/contract';
import type { CostBookHeader } from '@/lib/domain/cost/export-header';
import { costAnalysisApi, costSourceText } from './api';

type Calculated = Pick<CallOutput<'product', 'cost/calculate'>, 'params' | 'defaults' | 'date'>;

/**
 * The heading of a калькуляция's workbook from the server's answer to `cost/calculate`: the own company whose
 * parameters applied (else the chosen one, else the first own company — as the print form), the date, the
 * parameters and where they came from. The companies' реквизиты are read on the click; without them the book
 * still goes out, with the company line saying there is none.
 */
export async function costBookHeader(calc: Calculated, companyId?: string): Promise<CostBookHeader> {
  const companies = await costAnalysisApi.ownCompanies().then(
    (r) => r.companies,
    () => [],
  );
  const id = calc.defaults.kind === 'company' ? calc.defaults.id : companyId;
  const company = companies.find((c) => c.id === id) ?? companies[0] ?? null;
  return { company, date: calc.date, source: costSourceText(calc.defaults), params: calc.params };
}
