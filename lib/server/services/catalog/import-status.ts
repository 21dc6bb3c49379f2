import 'server-only';
import { importIdInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { liveApply } from './import-apply-run';
import { findImport, importOnWire } from './import-model';

/**
 * `catalog/import/status {importId}` → `{importId, state, done, total, summary, error, applied, …}`: progress of the
 * preview or of the apply and the import's fate. An apply running in this process answers from memory.
 */
export const importStatus = defineCall({
  input: importIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return liveApply(user.id, input.importId) ?? importOnWire(await findImport(ctx.db, user.id, input.importId));
  },
});
