import 'server-only';
import { companyDeleteSchema } from '@/lib/schemas/companies';
import type { Db } from '../../db/client';
import { deleteCompanyRow, findCompany } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { dropSupplierPending } from '../catalog/supplier-pending';
import { companyConflict, companyNotFound } from './not-found';

/**
 * `companies/delete {id, version?}` → `{deleted: 1}`; with `version`, a stale one is a 409. A supplier whose price
 * list is being applied is not deleted (409); the unseen rows of its unfinished applies go with it.
 */
export const deleteCompany = defineCall({
  input: companyDeleteSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const deleted = await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      await dropSupplierPending(tx, user.id, input.id);
      return deleteCompanyRow(tx, user.id, input.id, input.version);
    });
    if (deleted === 0) {
      const current = await findCompany(ctx.db, user.id, input.id);
      if (!current) throw companyNotFound();
      throw companyConflict(current.version);
    }
    return { msg: 'Компания удалена.', deleted };
  },
});
