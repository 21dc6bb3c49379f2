import 'server-only';
import { specIdInput } from '@/lib/schemas/specification-calls';
import { desc, eq } from 'drizzle-orm';
import { specificationVersions, users } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { specObject } from './access';
import { uploaderOf } from './write-version';

const authorName = (u: { firstName: string | null; lastName: string | null; email: string | null } | null) => {
  if (!u || u.email === null) return null;
  const full = [u.lastName, u.firstName].filter(Boolean).join(' ');
  return full || u.email;
};

/** `specs/history {id}` → `{versions}` newest first: version, name, date, author, what it was restored from. */
export const specificationHistory = defineCall({
  input: specIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'read');
    const list = await ctx.db
      .select({
        version: specificationVersions.version,
        name: specificationVersions.name,
        savedAt: specificationVersions.savedAt,
        restoredFrom: specificationVersions.restoredFrom,
        authorId: specificationVersions.authorId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(specificationVersions)
      .leftJoin(users, eq(users.id, specificationVersions.authorId))
      .where(eq(specificationVersions.specId, row.id))
      .orderBy(desc(specificationVersions.version));
    const versions = list.map((v) => ({
      version: v.version,
      name: v.name,
      savedAt: v.savedAt.toISOString(),
      author: v.authorId ? { id: v.authorId, name: authorName(v) ?? 'пользователь удалён' } : null,
      restoredFrom: v.restoredFrom,
      current: v.version === row.version,
    }));
    // An object never saved through specs/save: its current document is the only version.
    if (!versions.some((v) => v.current)) {
      const authorId = await uploaderOf(ctx.db, row);
      const [u] = authorId ? await ctx.db.select().from(users).where(eq(users.id, authorId)) : [];
      const author = authorId ? { id: authorId, name: authorName(u ?? null) ?? 'пользователь удалён' } : null;
      versions.unshift({ version: row.version, name: row.name, savedAt: row.updatedAt.toISOString(), author, restoredFrom: null, current: true });
    }
    return { versions, current: row.version };
  },
});
