import 'server-only';
import { importRowsInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/rows`: see docs/api.md. */
export const importRows = pending(importRowsInput);
