import 'server-only';
import { workCentreDeleteInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/work-centres/delete`: see docs/api.md. */
export const deleteWorkCentre = pending(workCentreDeleteInput);
