import 'server-only';
import { saveSpecificationInput } from '@/lib/schemas/specification-calls';
import { nameProblem } from '@/lib/domain/files/names';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { recordActivity } from '../activity/record';
import { requireUser } from '../auth/require-user';
import { specConflict, specObject } from './access';
import { writeVersion } from './write-version';

/** `specs/save {id, doc, version?}` → `{version, updatedAt}`: saves the document, keeps the previous one in the history. */
export const saveSpecification = defineCall({
  maxBody: 5 * 1024 * 1024,
  input: saveSpecificationInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'edit');
    if (input.version !== undefined && input.version !== row.version) throw specConflict(row.version);
    // The name is also the object's name in the file manager: the same rules as a file name.
    const problem = nameProblem(input.doc.name.normalize('NFC').trim());
    if (problem) throw new ServiceError('VALIDATION_ERROR', problem, { fields: { 'doc.name': problem } });
    const doc = { name: input.doc.name, metadata: JSON.stringify(input.doc), materials: input.doc.materials };
    const updated = await writeVersion(ctx.db, row, user.id, doc, undefined, (i) => `doc.materials.${i}.specId`);
    recordActivity(ctx, user.id, 'spec.saved', input.id);
    return { msg: 'Спецификация сохранена', version: updated.version, updatedAt: updated.updatedAt.toISOString() };
  },
});
