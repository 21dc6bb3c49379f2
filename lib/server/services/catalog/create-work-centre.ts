import 'server-only';
import { workCentreCreateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/work-centres/create`: see docs/api.md. */
export const createWorkCentre = pending(workCentreCreateInput);
