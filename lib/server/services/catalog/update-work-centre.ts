import 'server-only';
import { workCentreUpdateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/work-centres/update`: see docs/api.md. */
export const updateWorkCentre = pending(workCentreUpdateInput);
