import 'server-only';
import { importIdInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/apply`: see docs/api.md. */
export const importApply = pending(importIdInput);
