import 'server-only';
import { companyUpdateSchema } from '@/lib/schemas/companies';
import { findCompany, updateCompanyRow } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { duplicatesOf } from './duplicates';
import { companyConflict, companyNotFound } from './not-found';

/**
 * `companies/update {id, version, …company}` → `{company, duplicates}`. The write happens only when
 * `version` is current; a stale one answers 409 CONFLICT with the current `version`.
 */
export const updateCompany = defineCall({
  input: companyUpdateSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const { id, version, data } = input;
    const company = await updateCompanyRow(ctx.db, user.id, id, version, data);
    if (!company) {
      const current = await findCompany(ctx.db, user.id, id);
      if (!current) throw companyNotFound();
      throw companyConflict(current.version);
    }
    const { duplicates, warning } = await duplicatesOf(ctx.db, user.id, data.inn, data.kpp, id);
    return { msg: warning ? `Изменения сохранены. ${warning}` : 'Изменения сохранены.', company, duplicates };
  },
});
