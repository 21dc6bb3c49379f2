import 'server-only';
import { recalcAllInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/recalc-all`: see docs/api.md. */
export const recalcAll = pending(recalcAllInput);
