import 'server-only';
import { itemIdInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/get`: see docs/api.md. */
export const getItem = pending(itemIdInput);
