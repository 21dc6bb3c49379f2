import 'server-only';
import { priceDeleteInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/prices/delete`: see docs/api.md. */
export const deletePrice = pending(priceDeleteInput);
