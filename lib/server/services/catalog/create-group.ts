import 'server-only';
import { groupCreateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/groups/create`: see docs/api.md. */
export const createGroup = pending(groupCreateInput);
