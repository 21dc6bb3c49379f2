/**
 * The chunk plan of the file-manager upload protocol: chunk setting 5000 × 1000 = 5 000 000 bytes;
 * `chunks = max(1, floor(size / 5 000 000))`, `chunk_size = ceil(size / chunks)`; chunk `i` covers
 * bytes `[i·chunk_size, min(size, (i+1)·chunk_size))`. Shared by the server (what to expect) and
 * the browser uploader (what to send).
 */

export const CHUNK_SETTING = 5000 * 1000;

/**
 * No chunk of any plan is longer: with k = floor(size / CHUNK_SETTING) ≥ 1 chunks, size < (k + 1)·CHUNK_SETTING,
 * so ceil(size / k) ≤ 2·CHUNK_SETTING; a one-chunk file below CHUNK_SETTING is shorter still.
 */
export const MAX_CHUNK_LENGTH = 2 * CHUNK_SETTING;

export interface ChunkPlan {
  size: number;
  chunks: number;
  chunkSize: number;
}

export function chunkPlan(size: number): ChunkPlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`Invalid file size ${size}`);
  const chunks = Math.max(1, Math.floor(size / CHUNK_SETTING));
  const chunkSize = Math.ceil(size / chunks);
  return { size, chunks, chunkSize };
}

/** Byte range `[start, end)` of chunk `index`; RangeError for an index outside the plan. */
export function chunkRange(plan: ChunkPlan, index: number): { start: number; end: number } {
  if (!Number.isSafeInteger(index) || index < 0 || index >= plan.chunks) {
    throw new RangeError(`Chunk ${index} is outside 0..${plan.chunks - 1}`);
  }
  const start = Math.min(plan.size, index * plan.chunkSize);
  const end = Math.min(plan.size, (index + 1) * plan.chunkSize);
  return { start, end };
}

/** Exact length of chunk `index`. */
export function chunkLength(plan: ChunkPlan, index: number): number {
  const { start, end } = chunkRange(plan, index);
  return end - start;
}

/** Chunk ids of the plan that are not in `received`, ascending. */
export function missingChunks(plan: ChunkPlan, received: Iterable<number>): number[] {
  const have = new Set(received);
  const missing: number[] = [];
  for (let i = 0; i < plan.chunks; i++) if (!have.has(i)) missing.push(i);
  return missing;
}
