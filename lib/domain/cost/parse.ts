import { parseDecimal, type Dec } from '@/lib/domain/money';
import { CostError } from './errors';

/**
 * A decimal from the wire: "1234.56", "1 234,56" (spaces/NBSP as groups, comma or dot), or a finite number.
 * Anything else is refused with the field's path.
 */
export function parseDec(value: unknown, field: string, label = 'Значение'): Dec {
  const r = parseDecimal(value);
  if (r.ok) return r.value;
  throw new CostError('VALIDATION_ERROR', `${label}: ${r.message[0]!.toLowerCase()}${r.message.slice(1)}`, {
    fields: { [field]: r.message },
  });
}

/** As parseDec, absent → `fallback`. */
export function optDec(value: unknown, field: string, fallback: string, label?: string): Dec {
  return value === undefined || value === null || value === '' ? parseDec(fallback, field, label) : parseDec(value, field, label);
}

export function invalid(field: string, message: string): CostError {
  return new CostError('VALIDATION_ERROR', message, { fields: { [field]: message } });
}
