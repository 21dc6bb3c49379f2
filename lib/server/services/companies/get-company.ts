import 'server-only';
import { companyIdSchema } from '@/lib/schemas/companies';
import { findCompany } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { companyNotFound } from './not-found';

/** `companies/get {id}` → `{company}`. */
export const getCompany = defineCall({
  input: companyIdSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const company = await findCompany(ctx.db, user.id, input.id);
    if (!company) throw companyNotFound();
    return { company };
  },
});
