import 'server-only';
import { importCreateAllInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/create-all`: see docs/api.md. */
export const importCreateAll = pending(importCreateAllInput);
