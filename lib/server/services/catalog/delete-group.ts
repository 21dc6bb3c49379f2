import 'server-only';
import { groupDeleteInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/groups/delete`: see docs/api.md. */
export const deleteGroup = pending(groupDeleteInput);
