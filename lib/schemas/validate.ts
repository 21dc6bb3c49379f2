import { REQUISITE_KINDS } from '@/lib/domain/requisites';
import * as z from './zod';

const asString = z.pipe(z.union([z.string(), z.number()], { error: 'Укажите значение строкой.' }), z.transform(String));

/** `POST /api/v1/validate` body. */
export const validateInputSchema = z.object({
  kind: z.enum(REQUISITE_KINDS, { error: `Укажите вид реквизита: ${REQUISITE_KINDS.join(', ')}.` }),
  value: asString,
  bik: z.optional(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
});
