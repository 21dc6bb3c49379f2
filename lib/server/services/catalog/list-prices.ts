import 'server-only';
import { priceListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/prices/list`: see docs/api.md. */
export const listPrices = pending(priceListInput);
