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

/**
 * The one file a disk upload's chunks are written into, each at its offset in the plan (the store's
 * `inPlace`); on completion it becomes the object's bytes. Led to by the upload's id, so abort and the idle
 * sweep find it even when no chunk was committed.
 */
export const uploadFileKey = (uploadId: string): string => `${uploadPrefix(uploadId)}/data`;

/** The key prefix of an upload's blobs (its file on disk, its chunk blobs on S3). */
export const uploadPrefix = (uploadId: string): string => `uploads/${uploadId.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** What the carried SHA-256 names a chunk written in place by: its number and CRC-32 (the key is the upload's). */
export const inPlaceChunkKey = (chunkId: number, crc32: string | null): string => `${chunkId}:${crc32 ?? ''}`;
