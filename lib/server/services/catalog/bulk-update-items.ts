import 'server-only';
import { itemBulkUpdateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/items/bulk-update`: see docs/api.md. */
export const bulkUpdateItems = pending(itemBulkUpdateInput);
