'use client';

import { formatPercent } from '@/lib/domain/money';
import { useLoad } from '@/lib/client/use-load';
import { costApi } from '@/components/specifications/api';

/**
 * The VAT rates a supplier's price may carry: «без НДС» and every rate in force today from the dated rate rows
 * (`cost/defaults/get` → `law.vatRates`: general, reduced, the УСН payers' rates, zero); a rate chosen earlier
 * stays listed. Until the rate table answers only «без НДС» and the chosen one.
 */
export function useVatOptions(chosen?: string): { value: string; label: string }[] {
  const law = useLoad(() => costApi.defaults(), []).data?.law;
  const rates = [...new Set([...(law?.vatRates ?? []), ...(chosen && chosen !== 'none' ? [chosen] : [])])];
  return [{ value: 'none', label: 'без НДС' }, ...rates.map((r) => ({ value: r, label: formatPercent(r) }))];
}

/** A stored VAT rate in words: «без НДС» or «22 %». */
export const vatLabel = (rate: string): string => (rate === 'none' ? 'без НДС' : formatPercent(rate));
