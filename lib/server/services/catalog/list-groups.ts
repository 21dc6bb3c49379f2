import 'server-only';
import { staleListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/groups/list`: see docs/api.md. */
export const listGroups = pending(staleListInput);
