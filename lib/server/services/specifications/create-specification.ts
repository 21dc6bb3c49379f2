import 'server-only';
import { createSpecificationInput } from '@/lib/schemas/specification-calls';
import { nameProblem } from '@/lib/domain/files/names';
import { specificationVersions } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { recordActivity } from '../activity/record';
import { requireUser } from '../auth/require-user';
import { placementOf } from '../files/create-folder';
import { storeBytes } from '../files/store-bytes';

/**
 * `specs/create {doc, root?}` → `{id, version, updatedAt, object}`: a new specification (an empty file of
 * type `specifications` whose metadata is the checked document) at the caller's top level or in folder
 * `root`, recorded as version 1 with its author. A new object has an id nobody refers to yet, so it cannot
 * close a cycle of semi-finished goods.
 */
export const createSpecification = defineCall({
  maxBody: 5 * 1024 * 1024,
  input: createSpecificationInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const name = input.doc.name.normalize('NFC').trim();
    // The name is also the object's name in the file manager: the same rules as a file name.
    const problem = nameProblem(name);
    if (problem) throw new ServiceError('VALIDATION_ERROR', problem, { fields: { 'doc.name': problem } });
    // A folder of another type is refused (storeBytes alone would take the folder's type).
    if (input.root) await placementOf(ctx.db, user.id, input.root, 'specifications');
    const doc = { ...input.doc, name };
    const metadata = JSON.stringify(doc);
    const object = await storeBytes(ctx, user.id, { name, type: 'specifications', root: input.root, bytes: new Uint8Array(0), metadata, refuseTakenName: true });
    await ctx.db
      .insert(specificationVersions)
      .values({ specId: object.id, version: object.version, name, metadata, authorId: user.id, savedAt: new Date(object.updated_at) })
      .onConflictDoNothing();
    recordActivity(ctx, user.id, 'spec.created', object.id);
    return { msg: 'Спецификация создана', id: object.id, version: object.version, updatedAt: object.updated_at, object };
  },
});
