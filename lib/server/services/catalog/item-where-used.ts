import 'server-only';
import { itemIdInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/where-used`: see docs/api.md. */
export const itemWhereUsed = pending(itemIdInput);
