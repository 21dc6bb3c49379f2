import 'server-only';
import { linkFolderSchema } from '@/lib/schemas/companies';
import { setCompanyFolder } from '../../db/queries/companies';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { companyNotFound } from './not-found';

/**
 * `companies/link-folder {id, folderId}` → `{company}`. The browser creates the folder through the file
 * manager (`createFolder`, embedded or upstream alike) and links it here; the file manager checks access
 * whenever the folder is opened, so the link is only a pointer.
 */
export const linkFolder = defineCall({
  input: linkFolderSchema,
  handle: async ({ input, ctx, req }) => {
    const user = await requireUser(ctx, req);
    const company = await setCompanyFolder(ctx.db, user.id, input.id, input.folderId);
    if (!company) throw companyNotFound();
    return { msg: 'Папка документов привязана к компании.', company };
  },
});
