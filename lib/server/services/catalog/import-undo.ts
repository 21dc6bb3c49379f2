import 'server-only';
import { importIdInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/undo`: see docs/api.md. */
export const importUndo = pending(importIdInput);
