import 'server-only';
import { importPreviewInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/preview`: see docs/api.md. */
export const importPreview = pending(importPreviewInput);
