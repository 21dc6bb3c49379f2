import 'server-only';
import { importIdInput } from '@/lib/schemas/catalog';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { findImport, importOnWire } from './import-model';

/** `catalog/import/status {importId}` → `{importId, state, done, total, summary, error, …}`: progress of the preview and the import's fate. */
export const importStatus = defineCall({
  input: importIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    return importOnWire(await findImport(ctx.db, user.id, input.importId));
  },
});
