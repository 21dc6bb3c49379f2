import { call } from '@/lib/client/call';
import type { CallInput, CallOutput } from '@/lib/contract';

/** Where the defaults came from (`cost/defaults/get`). */
export type DefaultsSource = CallOutput<'product', 'cost/defaults/get'>['source'];
/** Where a cost's parameters came from, as shown beside it: «параметры компании «…»» (with the user's defaults where the card is empty), «ваши параметры по умолчанию», or '' (the product's). */
export function costSourceText(s: DefaultsSource): string {
  if (s.kind === 'company') return `параметры компании «${s.name}»${s.withUser ? ' и ваши по умолчанию' : ''}`;
  return s.kind === 'user' ? 'ваши параметры по умолчанию' : '';
}

/** The general VAT rate and contribution tariff today from the rate table (`cost/defaults/get`). */
export type LawDefaults = CallOutput<'product', 'cost/defaults/get'>['law'];

/** The /cost page's calls: the калькуляция with a chosen own company's defaults, sensitivity, реквизиты. */
export const costAnalysisApi = {
  calculate: (body: CallInput<'product', 'cost/calculate'>) => call('product', 'cost/calculate', body),
  /** Default parameters: of the given own company, otherwise the first own company with costing, then the user's. */
  defaults: (companyId?: string) => call('product', 'cost/defaults/get', companyId ? { companyId } : {}),
  sensitivity: (body: CallInput<'product', 'cost/sensitivity'>, signal?: AbortSignal) => call('product', 'cost/sensitivity', body, { signal }),
  /** The user's own companies (реквизиты for the printed form). */
  ownCompanies: () => call('product', 'companies/list', { scope: 'own', sort: 'created_at', limit: 50, offset: 0, search: '' }),
};
