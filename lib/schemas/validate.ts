import { REQUISITE_KINDS } from '@/lib/domain/requisites';
import { z } from './classic';

/** `POST /api/v1/validate` body. */
export const validateInputSchema = z.object({
  kind: z.enum(REQUISITE_KINDS, { error: `Укажите вид реквизита: ${REQUISITE_KINDS.join(', ')}.` }),
  value: z.union([z.string(), z.number()], { error: 'Укажите значение строкой.' }).transform(String),
  bik: z.union([z.string(), z.number()]).transform(String).optional(),
});
