import 'server-only';
import { companyListSchema } from '@/lib/schemas/companies';
import { listCompanyRows } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';

/** `companies/list {search?, scope?, sort?, offset?, limit?}` → `{companies, total}`. */
export const listCompanies = defineCall({
  input: companyListSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    return listCompanyRows(ctx.db, user.id, input);
  },
});
