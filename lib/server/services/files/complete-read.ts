import 'server-only';
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { Readable } from 'node:stream';
import { crc32Hex } from '@/lib/domain/files/crc32';
import type { AppContext } from '../../context';
import type { fileUploadChunks } from '../../db/schema';
import { ServiceError } from '../../errors';

/* Reading an upload's bytes back at completion: the chunks in a row, and the checks of what was stored. */

/** The chunks' bytes one after another, read from the store as they are needed. */
export function chunkStream(ctx: AppContext, keys: string[]): Readable {
  return Readable.from(
    (async function* () {
      for (const key of keys) {
        const blob = await ctx.blobs.get(key);
        if (!blob) throw new ServiceError('NOT_FOUND', 'Загрузку отменили, пока она завершалась.');
        const reader = blob.body.getReader();
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            yield value;
          }
        } finally {
          reader.releaseLock();
        }
      }
    })(),
    { objectMode: false },
  );
}

export type ChunkRow = typeof fileUploadChunks.$inferSelect;

/** Whether a chunk read back is the one acknowledged: its length, and its CRC-32 (unknown for chunks stored before migration 0015). */
const intact = (c: ChunkRow, bytes: number, crc: number): boolean => bytes === Number(c.size) && (!c.crc32 || crc32Hex(crc) === c.crc32);

/**
 * Reads the chunks again when the whole-file hash was not carried along (another process took the chunks,
 * or the server restarted): the file's SHA-256 and size, and the chunks whose bytes are no longer those
 * acknowledged (lost by a power failure before they reached the disk).
 */
export async function rehash(ctx: AppContext, chunks: ChunkRow[]): Promise<{ sha256: string; bytes: number; bad: number[] }> {
  const file = createHash('sha256');
  let bytes = 0;
  const bad: number[] = [];
  for (const c of chunks) {
    const blob = c.blobKey ? await ctx.blobs.get(c.blobKey) : null;
    if (!blob) {
      bad.push(c.chunkId);
      continue;
    }
    let crc = 0;
    let n = 0;
    const reader = blob.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      crc = crc32(value, crc);
      file.update(value);
      n += value.length;
    }
    bytes += n;
    if (!intact(c, n, crc)) bad.push(c.chunkId);
  }
  return { sha256: file.digest('hex'), bytes, bad };
}

/**
 * Reads the object a multipart upload wrote, once: the file's SHA-256 and size, and the chunks whose bytes
 * are not those acknowledged (parts replaced behind our back).
 */
export async function hashObject(ctx: AppContext, key: string, chunks: ChunkRow[]): Promise<{ sha256: string; bytes: number; bad: number[] }> {
  const blob = await ctx.blobs.get(key);
  if (!blob) return { sha256: '', bytes: 0, bad: chunks.map((c) => c.chunkId) };
  const file = createHash('sha256');
  let bytes = 0;
  const bad: number[] = [];
  let i = 0;
  let crc = 0;
  let inChunk = 0;
  const endChunk = () => {
    const c = chunks[i];
    if (c && !intact(c, inChunk, crc)) bad.push(c.chunkId);
    i++;
    crc = 0;
    inChunk = 0;
  };
  const reader = blob.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    file.update(value);
    bytes += value.length;
    let at = 0;
    while (at < value.length) {
      const c = chunks[i];
      if (!c) break; // longer than the chunks: the size check refuses it
      const take = Math.min(value.length - at, Number(c.size) - inChunk);
      crc = crc32(value.subarray(at, at + take), crc);
      inChunk += take;
      at += take;
      if (inChunk === Number(c.size)) endChunk();
    }
  }
  while (i < chunks.length) endChunk();
  return { sha256: file.digest('hex'), bytes, bad };
}
