import 'server-only';
import { priceAddInput } from '@/lib/schemas/catalog';
import { pending } from './pending';

/** `catalog/prices/add`: see docs/api.md. */
export const addPrice = pending(priceAddInput);
