import 'server-only';
import { importResolveInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/resolve`: see docs/api.md. */
export const importResolve = pending(importResolveInput);
