import 'server-only';
import { itemDeleteInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/delete`: see docs/api.md. */
export const deleteItem = pending(itemDeleteInput);
