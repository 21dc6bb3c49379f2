import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { ChunkPlan } from '@/lib/domain/files/chunk-plan';
import type { Db } from '../../db/client';
import { fileUploads } from '../../db/schema';
import { ServiceError } from '../../errors';

export type UploadRow = typeof fileUploads.$inferSelect;

export const uploadNotFound = (): ServiceError =>
  new ServiceError('NOT_FOUND', 'Загрузка не найдена: её отменили, она устарела или завершена давно. Начните заново.');

/** The caller's upload (only the user who started it may touch it), or 404. */
export async function loadUpload(db: Db, userId: string, uploadId: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(fileUploads)
    .where(and(eq(fileUploads.id, uploadId), eq(fileUploads.userId, userId)))
    .limit(1);
  if (!row) throw uploadNotFound();
  return row;
}

export const planOf = (u: UploadRow): ChunkPlan => ({ size: Number(u.size), chunks: u.chunks, chunkSize: Number(u.chunkSize) });

/** Quota of one owner in bytes. */
export const quotaBytes = (quotaMb: number): number => quotaMb * 1024 * 1024;

export const quotaExceeded = (): ServiceError =>
  new ServiceError('QUOTA_EXCEEDED', 'Не хватает места: квота на файлы исчерпана. Удалите ненужные файлы.');
