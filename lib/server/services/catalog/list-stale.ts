import 'server-only';
import { staleListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/stale`: see docs/api.md. */
export const listStale = pending(staleListInput);
