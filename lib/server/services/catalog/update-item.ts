import 'server-only';
import { itemUpdateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/update`: see docs/api.md. */
export const updateItem = pending(itemUpdateInput);
