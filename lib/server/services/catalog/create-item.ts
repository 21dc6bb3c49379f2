import 'server-only';
import { itemCreateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/create`: see docs/api.md. */
export const createItem = pending(itemCreateInput);
