import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { staleListInput } from '@/lib/schemas/catalog';
import { catalogImports } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, importOnWire } from './import-model';

/** `catalog/import/list {}` → `{imports}`: the owner's latest 50 imports, newest first. */
export const importList = defineCall({
  input: staleListInput,
  async handle({ req, ctx }) {
    const user = await requireUser(ctx, req);
    const ids = await ctx.db.select({ id: catalogImports.id }).from(catalogImports).where(eq(catalogImports.ownerId, user.id)).orderBy(desc(catalogImports.createdAt)).limit(50);
    const imports = [];
    for (const { id } of ids) imports.push(importOnWire(await findImport(ctx.db, user.id, id)));
    return { imports };
  },
});
