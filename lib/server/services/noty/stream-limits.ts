import 'server-only';
import { ServiceError } from '../../errors';

/**
 * How many notification streams one process holds open. Each holds a socket, a timer and a place in the hub for
 * as long as its tab lives, so both a user's and the process's count are bounded:
 * - `perUser` (10) — a user's eleventh stream in the process ends the user's oldest with `event: end` (the tab
 *   that owned it reconnects after its back-off, as after a restart); the newest tab is the one being looked at;
 * - `perProcess` (2000) — a stream beyond it is refused with 503 `BUSY` and `Retry-After` (the browser tries
 *   again after its back-off, to whichever instance the balancer picks).
 * Tests lower them.
 */
export const STREAM_LIMITS = { perUser: 10, perProcess: 2000, retryAfterSeconds: 30 };

interface Slot {
  userId: string;
  end(): void;
}

/** The open streams of the process, in the order they opened (on globalThis: every bundle of the app counts in one). */
const KEY = Symbol.for('kalkulus.notyStreamSlots');
const slots = ((globalThis as { [KEY]?: Set<Slot> })[KEY] ??= new Set<Slot>());

/** How many streams the process holds open (all users, or one). */
export function openStreams(userId?: string): number {
  if (userId === undefined) return slots.size;
  let n = 0;
  for (const s of slots) if (s.userId === userId) n++;
  return n;
}

/**
 * Takes a place for a new stream of `userId` (503 `BUSY` when the process is full); ends the user's oldest streams
 * beyond `perUser` (`end` of each: it writes `event: end` and closes its stream). Returns the function that gives
 * the place back (idempotent), to call whenever the stream closes.
 */
export function takeStreamSlot(userId: string, end: () => void): () => void {
  if (slots.size >= STREAM_LIMITS.perProcess) {
    const retry = STREAM_LIMITS.retryAfterSeconds;
    throw new ServiceError('BUSY', `Сервер держит слишком много открытых уведомлений. Попробуйте через ${retry} с.`, {
      headers: { 'Retry-After': String(retry) },
      log: `noty: ${slots.size} streams open, the process limit`,
    });
  }
  const slot: Slot = { userId, end };
  slots.add(slot);
  const own = [...slots].filter((s) => s.userId === userId);
  // Set order is insertion order: the first are the oldest.
  for (const old of own.slice(0, Math.max(0, own.length - STREAM_LIMITS.perUser))) {
    slots.delete(old);
    old.end();
  }
  return () => void slots.delete(slot);
}
