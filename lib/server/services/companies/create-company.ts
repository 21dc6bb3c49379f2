import 'server-only';
import { companyInputSchema } from '@/lib/schemas/companies';
import { insertCompanies } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { recordActivity } from '../activity/record';
import { requireUser } from '../auth/require-user';
import { duplicatesOf } from './duplicates';

/** `companies/create {…company}` → `{company, duplicates}`; an ИНН + КПП twin is a warning in `msg`. */
export const createCompany = defineCall({
  input: companyInputSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const { duplicates, warning } = await duplicatesOf(ctx.db, user.id, input.inn, input.kpp);
    const [company] = await insertCompanies(ctx.db, user.id, [input]);
    if (!company) throw new Error('companies insert returned no row');
    recordActivity(ctx, user.id, 'company.added', company.id);
    return { msg: warning ? `Компания сохранена. ${warning}` : 'Компания сохранена.', company, duplicates };
  },
});
