import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { type FileObject, restoreFilesInput } from '@/lib/schemas/files';
import type { Db } from '../../db/client';
import { fileObjects } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import type { Resolved } from './access';
import { trashEntry } from './list-trash';
import { searchKey, toWire } from './model';
import { freeName, isNameTaken, nameTaken, objectNamed, type NameScope } from './names-taken';

/**
 * `restoreFiles {ids, keep_both?}` → `{restored: [object]}`: objects come back from the bin with everything
 * they hid — the same bytes, versions, shares and links — into the folder they were in, or to the top level
 * when that folder was deleted for good or is in the bin itself. A name taken there meanwhile → 409
 * NAME_TAKEN (nothing restored), or with `keep_both` the object comes back as «name (2).ext».
 */
export const restoreFilesCall = defineCall({
  input: restoreFilesInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const ids = [...new Set(input.ids)];
    const entries: Resolved[] = [];
    for (const id of ids) entries.push(await trashEntry(ctx.db, user.id, id));
    // The scope and name being restored, for the answer when a concurrent write takes the name first.
    let last: { scope: NameScope; name: string; kind: 'file' | 'folder' } | null = null;
    let restored: FileObject[];
    try {
      restored = await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const out: FileObject[] = [];
        for (const { row, access } of entries) {
          let parentId = row.parentId;
          if (parentId) {
            const [parent] = await db.select({ trashId: fileObjects.trashId }).from(fileObjects).where(eq(fileObjects.id, parentId));
            if (!parent || parent.trashId !== null) parentId = null;
          }
          const scope = { ownerId: row.ownerId, type: row.type, parentId };
          const kind = row.kind === 'folder' ? 'folder' : 'file';
          let name = row.name;
          if (await objectNamed(db, scope, name)) {
            if (!input.keep_both) throw await nameTaken(db, scope, name, kind);
            name = await freeName(db, scope, name, kind);
          }
          last = { scope, name, kind };
          const [back] = await db
            .update(fileObjects)
            .set({ parentId, name, searchName: searchKey(name), deletedAt: null, deletedBy: null, trashId: null })
            .where(and(eq(fileObjects.id, row.id), eq(fileObjects.trashId, row.id)))
            .returning();
          await db.update(fileObjects).set({ trashId: null }).where(and(eq(fileObjects.trashId, row.id), sql`${fileObjects.id} <> ${row.id}`));
          if (back) out.push(toWire(back, access));
        }
        return out;
      });
    } catch (e) {
      const lost = last as { scope: NameScope; name: string; kind: 'file' | 'folder' } | null;
      if (isNameTaken(e) && lost) throw await nameTaken(ctx.db, lost.scope, lost.name, lost.kind);
      throw e;
    }
    return { msg: restored.length === 1 ? `Восстановлено: «${restored[0]!.name}»` : `Восстановлено объектов: ${restored.length}`, restored };
  },
});
