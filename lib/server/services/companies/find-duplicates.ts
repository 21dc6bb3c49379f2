import 'server-only';
import { cleanKpp, cleanRequisite } from '@/lib/domain/requisites';
import { duplicatesSchema } from '@/lib/schemas/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { duplicatesOf } from './duplicates';

/** `companies/duplicates {inn, kpp?, excludeId?}` → `{duplicates, warning?}` — the live form warning. */
export const findDuplicates = defineCall({
  input: duplicatesSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const r = await duplicatesOf(ctx.db, user.id, cleanRequisite(input.inn), cleanKpp(input.kpp), input.excludeId);
    return { duplicates: r.duplicates, warning: r.warning ?? null };
  },
});
