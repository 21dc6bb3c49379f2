import 'server-only';
import { recalcStatusInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/recalc-status`: see docs/api.md. */
export const recalcStatus = pending(recalcStatusInput);
