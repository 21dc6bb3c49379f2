import 'server-only';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/catalog';
import { DAYS, plural } from '@/lib/domain/format/plural';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { rows } from '../../db/rows';
import { catalogImports } from '../../db/schema';
import { ServiceError } from '../../errors';
import { log } from '../../log';
import { usedBytes } from '../files/access';
import { quotaBytes } from '../files/uploads';
import { notify } from '../noty/notify';
import { applyingHere } from './apply-jobs';
import { APPLY_LOST_AFTER_MIN } from './import-model';
import { dropPending } from './pending';

/**
 * Where a price list's uploaded file lives and for how long. The file (`catalog_imports.data`) is needed only to
 * read the preview (again, with another mapping); applying and undoing work from the preview's rows and the ids
 * written on items, prices and groups. So the file:
 * - is at most IMPORT_MAX_BYTES (20 МБ): a larger one is 413 before anything is read;
 * - counts in its owner's FILE_QUOTA_MB together with their files (`usedBytes`), while it is kept;
 * - goes when the import is applied (`runApply`), and when the owner uploads a newer price list of the same
 *   supplier (the older import is abandoned: it can still be applied as it was previewed, not previewed again);
 * - an import not applied within IMPORT_KEEP_DAYS of its upload is removed whole, with its preview, by the
 *   server's hourly sweep, and its owner is told.
 */
export const IMPORT_KEEP_DAYS = 7;

const MB = IMPORT_MAX_BYTES / (1024 * 1024);

export const importTooLargeMsg = `Файл больше ${MB} МБ — разделите прайс-лист на части или сохраните его в XLSX (он занимает меньше).`;

/** A decoded file over IMPORT_MAX_BYTES: 413. */
export function checkImportSize(bytes: Uint8Array): void {
  if (bytes.length > IMPORT_MAX_BYTES) throw new ServiceError('PAYLOAD_TOO_LARGE', importTooLargeMsg);
}

/** Whether the owner's quota has room for a price list of `size` bytes (413 `QUOTA_EXCEEDED` if not). */
export async function checkImportRoom(ctx: AppContext, ownerId: string, size: number): Promise<void> {
  if ((await usedBytes(ctx.db, ownerId)) + size <= quotaBytes(ctx.env.FILE_QUOTA_MB)) return;
  throw new ServiceError(
    'QUOTA_EXCEEDED',
    'Не хватает места для прайс-листа: квота на файлы исчерпана (в неё входят и файлы неприменённых импортов). Удалите ненужные файлы.',
  );
}

/**
 * The owner's unfinished imports of the supplier other than `keep` let go of their files: a newer price list of the
 * supplier replaces them. One being read now keeps its file until it is read.
 */
export async function dropSupersededFiles(db: Db, ownerId: string, supplierId: string, keep: string): Promise<void> {
  await db
    .update(catalogImports)
    .set({ data: null })
    .where(
      and(
        eq(catalogImports.ownerId, ownerId),
        eq(catalogImports.supplierId, supplierId),
        ne(catalogImports.id, keep),
        inArray(catalogImports.state, ['uploaded', 'ready', 'failed']),
        isNotNull(catalogImports.data),
      ),
    );
}

/**
 * Removes the imports uploaded more than IMPORT_KEEP_DAYS before `now` and not applied (an apply lost with its
 * process counts as not applied; one running anywhere does not): what a lost or failed apply left unseen first, then
 * the import with its preview; each owner is told. Returns how many went.
 */
export async function expireImports(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IMPORT_KEEP_DAYS * 86_400_000);
  const token = sql<string | null>`${catalogImports.options}->>'applyRun'`;
  let removed = 0;
  const skipped = new Set<string>();
  for (;;) {
    const old = await rows<{ id: string; ownerId: string; fileName: string; state: string; run: string | null }>(
      ctx.db,
      sql`select id, owner_id as "ownerId", file_name as "fileName", state, options->>'applyRun' as run from catalog_imports
          where created_at < ${before.toISOString()}::timestamptz
            and (state in ('uploaded', 'parsing', 'ready', 'failed')
                 or (state = 'applying' and (options->>'applyStartedAt')::timestamptz < now() - make_interval(mins => ${APPLY_LOST_AFTER_MIN})))
            and id not in (select value::uuid from json_array_elements_text(${JSON.stringify([...skipped])}::json))
          order by created_at limit 100`,
    );
    for (const imp of old) {
      if (applyingHere(imp.id)) {
        skipped.add(imp.id);
        continue;
      }
      try {
        // Rows an apply wrote and could not remove would become visible once the import is gone: removed first.
        if (imp.run !== null || imp.state === 'applying') await dropPending(ctx.db, imp.id, imp.run);
        const [gone] = await ctx.db
          .delete(catalogImports)
          .where(and(eq(catalogImports.id, imp.id), eq(catalogImports.state, imp.state), sql`${token} is not distinct from ${imp.run}::text`))
          .returning({ id: catalogImports.id });
        if (!gone) {
          skipped.add(imp.id);
          continue;
        }
        removed++;
        const days = IMPORT_KEEP_DAYS;
        await notify(
          ctx,
          imp.ownerId,
          'upload',
          `Импорт прайс-листа «${imp.fileName}» удалён`,
          `Импорт не применили за ${days} ${plural(days, DAYS)} после загрузки, и он удалён вместе с файлом. Чтобы обновить цены, загрузите прайс-лист снова.`,
          '/catalog',
        );
      } catch (err) {
        skipped.add(imp.id);
        log.error(`catalog import ${imp.id}: not expired`, err);
      }
    }
    if (old.length < 100) return removed;
  }
}
