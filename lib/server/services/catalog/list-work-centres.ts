import 'server-only';
import { workCentreListInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/work-centres/list`: see docs/api.md. */
export const listWorkCentres = pending(workCentreListInput);
