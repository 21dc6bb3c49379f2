import 'server-only';
import { staleListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/settings/get`: see docs/api.md. */
export const getSettings = pending(staleListInput);
