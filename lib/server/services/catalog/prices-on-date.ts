import 'server-only';
import { priceOnDateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/prices/on-date`: see docs/api.md. */
export const pricesOnDate = pending(priceOnDateInput);
