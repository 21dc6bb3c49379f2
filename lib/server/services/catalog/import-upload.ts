import 'server-only';
import { importUploadInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/import/upload`: see docs/api.md. */
export const importUpload = pending(importUploadInput);
