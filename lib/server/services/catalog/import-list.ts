import 'server-only';
import { staleListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/list`: see docs/api.md. */
export const importList = pending(staleListInput);
