import 'server-only';
import { specOnDateInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/spec-on-date`: see docs/api.md. */
export const specOnDate = pending(specOnDateInput);
