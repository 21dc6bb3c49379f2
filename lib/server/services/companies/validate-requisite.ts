import 'server-only';
import { validateRequisite } from '@/lib/domain/requisites';
import { validateInputSchema } from '@/lib/schemas/validate';
import { defineCall } from '../../gateway/types';

/**
 * `POST /api/v1/validate {kind, value, bik?}` → `{valid, value, msg}`: one реквизит checked by the same
 * pure validators the forms use. No sign-in needed — it reveals nothing but arithmetic.
 */
export const validateRequisiteCall = defineCall({
  input: validateInputSchema,
  handle: ({ input }) => {
    const r = validateRequisite(input.kind, input.value, input.bik);
    return { valid: r.valid, value: r.value, msg: r.msg };
  },
});
