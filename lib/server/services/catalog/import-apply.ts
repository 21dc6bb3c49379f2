import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { importIdInput } from '@/lib/schemas/catalog';
import { catalogImports } from '../../db/schema';
import { defineCall } from '../../gateway/types';
import { requireUser } from '../auth/require-user';
import { liveApply, rowsToApply, runApply } from './import-apply-run';
import { APPLY_LOST_AFTER_MIN, findImport, importState } from './import-model';

/**
 * `catalog/import/apply {importId}` → `{importId, state: 'applying', done: 0, total}` at once: applies the preview in
 * the background (`runApply`: batches unseen until one last short transaction, progress and then `applied` with
 * `{prices, created}` by `catalog/import/status`). Only a ready preview, once (409); an apply lost with its process
 * (still `applying` after `APPLY_LOST_AFTER_MIN`) may be started again — what it wrote is removed first. The claim
 * stores a new run token (`options.applyRun`): the run that holds it is the only one that may write, finish or
 * clean up the apply.
 */
const applyingNow = () => importState('Этот импорт уже применяется — дождитесь конца.');

export const importApply = defineCall({
  input: importIdInput,
  async handle({ input, req, ctx }) {
    const user = await requireUser(ctx, req);
    // Running in this process: refused at once, without a read.
    if (liveApply(user.id, input.importId)) throw applyingNow();
    const imp = await findImport(ctx.db, user.id, input.importId);
    const total = await rowsToApply(ctx.db, user.id, imp.id);
    const options = { ...imp.options, applied: null, applyStartedAt: new Date().toISOString(), applyRun: randomUUID() };
    const [claimed] = await ctx.db
      .update(catalogImports)
      .set({ state: 'applying', progressDone: 0, progressTotal: total, error: null, options })
      .where(
        and(
          eq(catalogImports.id, imp.id),
          or(
            eq(catalogImports.state, 'ready'),
            and(eq(catalogImports.state, 'applying'), sql`(${catalogImports.options}->>'applyStartedAt')::timestamptz < now() - make_interval(mins => ${APPLY_LOST_AFTER_MIN})`),
          ),
        ),
      )
      .returning({ id: catalogImports.id });
    if (!claimed) {
      const now = await findImport(ctx.db, user.id, imp.id);
      if (now.state === 'applying') throw applyingNow();
      throw importState(
        now.state === 'applied' ? 'Этот импорт уже применён.' : 'Предпросмотр ещё не готов или импорт отменён.',
      );
    }
    void runApply(ctx, user.id, { ...imp, options }, total);
    return { msg: 'Импорт применяется.', importId: imp.id, state: 'applying' as const, done: 0, total };
  },
});
