import 'server-only';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { fileUploads } from '../../db/schema';
import { log } from '../../log';
import { dropUpload } from './abort-upload';
import { sweepPending } from './pending-blobs';
import { purgeExpired } from './purge';
import { notify } from '../noty/notify';
import { expireImports } from '../catalog/import-storage';
import { HOURS, plural } from '@/lib/domain/format/plural';

export interface SweepResult {
  uploads: number;
  blobs: number;
  /** Rows deleted for good from the recycle bin (older than TRASH_DAYS). */
  trash: number;
}

/**
 * Removes uploads idle for UPLOAD_IDLE_HOURS (their chunks with them), finished upload records as old,
 * blobs journalled as pending for as long that no row refers to (left by a crash or a failed delete), and
 * what has been in the recycle bin for longer than TRASH_DAYS (its blobs through the journal, as any delete).
 */
export async function sweepUploads(ctx: AppContext, now = new Date()): Promise<SweepResult> {
  const before = new Date(now.getTime() - ctx.env.UPLOAD_IDLE_HOURS * 3600_000);
  let uploads = 0;
  for (;;) {
    const idle = await ctx.db
      .select({ id: fileUploads.id, userId: fileUploads.userId, name: fileUploads.name, type: fileUploads.type })
      .from(fileUploads)
      .where(and(lt(fileUploads.touchedAt, before), ne(fileUploads.status, 'done')))
      .limit(100);
    for (const u of idle) {
      await dropUpload(ctx, u.id);
      if (u.type !== 'avatars') {
        const hours = ctx.env.UPLOAD_IDLE_HOURS;
        await notify(ctx, u.userId, 'upload', `Загрузка файла «${u.name}» не завершена`, `Файл не догружался ${hours} ${plural(hours, HOURS)} и удалён. Загрузите его заново.`);
      }
    }
    uploads += idle.length;
    if (idle.length < 100) break;
  }
  await ctx.db.delete(fileUploads).where(and(lt(fileUploads.touchedAt, before), eq(fileUploads.status, 'done')));
  const trash = await purgeExpired(ctx, now);
  let blobs = 0;
  for (let n = await sweepPending(ctx, before); n > 0; n = await sweepPending(ctx, before)) blobs += n;
  return { uploads, blobs, trash };
}

const KEY = Symbol.for('kalkulus.uploadSweeper');
type Holder = { [KEY]?: NodeJS.Timeout };

/**
 * Runs the sweep in this server process: a minute after start, then every hour; and with it the expiry of price
 * list imports left unapplied (catalog/import-storage.ts).
 */
export function startUploadSweeper(ctx: AppContext, everyMs = 3600_000): void {
  const holder = globalThis as Holder;
  if (holder[KEY]) return;
  const run = () => {
    sweepUploads(ctx).then(
      (r) => {
        if (r.uploads || r.blobs || r.trash) {
          log.info(`upload sweep: ${r.uploads} idle uploads, ${r.blobs} orphan blobs, ${r.trash} objects from the recycle bin removed`);
        }
      },
      (e: unknown) => log.warn('upload sweep failed; will retry', e),
    );
    expireImports(ctx).then(
      (n) => n > 0 && log.info(`import sweep: ${n} price list imports left unapplied removed`),
      (e: unknown) => log.warn('import sweep failed; will retry', e),
    );
  };
  setTimeout(run, 60_000).unref();
  holder[KEY] = setInterval(run, everyMs);
  holder[KEY].unref();
}
