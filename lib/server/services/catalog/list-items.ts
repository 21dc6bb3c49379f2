import 'server-only';
import { itemListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/list`: see docs/api.md. */
export const listItems = pending(itemListInput);
