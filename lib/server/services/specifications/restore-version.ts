import 'server-only';
import { restoreVersionInput } from '@/lib/schemas/specification-calls';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { specConflict, specObject } from './access';
import { versionDoc } from './get-version';
import { writeVersion } from './write-version';

/** `specs/restore {id, version, currentVersion?}` → `{version}`: the old document becomes the newest version. */
export const restoreSpecificationVersion = defineCall({
  input: restoreVersionInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    const row = await specObject(ctx.db, user.id, input.id, 'edit');
    if (input.currentVersion !== undefined && input.currentVersion !== row.version) throw specConflict(row.version);
    if (input.version === row.version) throw new ServiceError('VALIDATION_ERROR', 'Это текущая версия.', { fields: { version: 'Это текущая версия.' } });
    const v = await versionDoc(ctx.db, row, input.version);
    // The old document may take a specification that has since come to contain this one (SPEC_CYCLE).
    const updated = await writeVersion(ctx.db, row, user.id, { name: v.name, metadata: v.metadata }, input.version, () => 'version');
    return { msg: `Версия ${input.version} восстановлена`, version: updated.version, updatedAt: updated.updatedAt.toISOString() };
  },
});
