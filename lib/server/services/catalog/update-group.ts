import 'server-only';
import { groupUpdateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/groups/update`: see docs/api.md. */
export const updateGroup = pending(groupUpdateInput);
