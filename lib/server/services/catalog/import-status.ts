import 'server-only';
import { importIdInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/status`: see docs/api.md. */
export const importStatus = pending(importIdInput);
