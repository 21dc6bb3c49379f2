import 'server-only';
import { createHash, type Hash } from 'node:crypto';

/**
 * The whole-file SHA-256 of an upload, carried forward while its chunks arrive in order in this process, so
 * completion does not read the file again. Anything unusual (a chunk out of order, a re-sent chunk, another
 * instance, a restart) just drops the state, and completion falls back to reading the chunks.
 */
interface State {
  next: number;
  hash: Hash;
  at: number;
  /** The blob of each chunk the hash has seen: completion checks they are still the committed ones. */
  keys: string[];
}

const states = new Map<string, State>();
const MAX = 10_000;
const TTL_MS = 48 * 3600_000;

/** A hash to feed chunk `chunkId` into, if it continues the file in order; else null. */
export function hashToContinue(uploadId: string, chunkId: number): Hash | null {
  const s = states.get(uploadId);
  if (chunkId === 0 && !s) return createHash('sha256');
  if (!s || s.next !== chunkId || Date.now() - s.at > TTL_MS) {
    if (s && chunkId < s.next) states.delete(uploadId); // a re-sent chunk: the carried hash is no longer the file's
    return null;
  }
  return s.hash.copy();
}

/** Chunk `chunkId`, stored as `key`, is committed and `hash` has seen it. */
export function commitHash(uploadId: string, chunkId: number, hash: Hash, key: string): void {
  const prev = states.get(uploadId);
  if (chunkId > 0 && (!prev || prev.next !== chunkId)) {
    states.delete(uploadId);
    return;
  }
  if (states.size >= MAX) {
    const oldest = states.keys().next().value;
    if (oldest !== undefined) states.delete(oldest);
  }
  states.delete(uploadId);
  states.set(uploadId, { next: chunkId + 1, hash, at: Date.now(), keys: [...(chunkId > 0 ? (prev?.keys ?? []) : []), key] });
}

/**
 * The file's SHA-256 when the carried hash saw exactly the committed chunks `keys` (in order);
 * null otherwise. The state is dropped either way.
 */
export function finishHash(uploadId: string, keys: string[]): string | null {
  const s = states.get(uploadId);
  states.delete(uploadId);
  if (!s || s.next !== keys.length || s.keys.length !== keys.length || s.keys.some((k, i) => k !== keys[i])) return null;
  return s.hash.digest('hex');
}

export function dropHash(uploadId: string): void {
  states.delete(uploadId);
}
