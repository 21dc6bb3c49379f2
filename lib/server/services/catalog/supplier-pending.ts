import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';
import { applyingHere } from './apply-jobs';
import { APPLY_LOST_AFTER_MIN } from './import-model';

/**
 * Inside the transaction that deletes a supplier (its imports go with it, and with them what hides the rows of an
 * unfinished apply): locks the supplier's imports, so that no apply claims one meanwhile; refuses (409) while one is
 * being applied; removes the items of an apply lost or failed (its price rows go with the supplier).
 */
export async function dropSupplierPending(tx: Db, ownerId: string, supplierId: string): Promise<void> {
  const imps = await rows<{ id: string; state: string; run: string | null; fresh: boolean }>(
    tx,
    sql`select id, state, options->>'applyRun' as run,
          coalesce((options->>'applyStartedAt')::timestamptz >= now() - make_interval(mins => ${APPLY_LOST_AFTER_MIN}), false) as fresh
        from catalog_imports where owner_id = ${ownerId}::text and supplier_id = ${supplierId}::uuid for update`,
  );
  const pending = imps.filter((i) => i.state === 'applying' || i.run !== null);
  if (pending.some((i) => applyingHere(i.id) || (i.state === 'applying' && i.fresh))) {
    throw new ServiceError('IMPORT_STATE', 'Сейчас применяется прайс-лист этого поставщика — удалите его, когда применение закончится.');
  }
  for (const i of pending) await tx.execute(sql`delete from catalog_items where owner_id = ${ownerId}::text and import_id = ${i.id}::uuid`);
}
