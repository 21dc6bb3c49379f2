import 'server-only';
import { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { fileObjectParts } from '../../db/schema';
import { log } from '../../log';
import { ServiceError } from '../../errors';
import { toWebStream } from '@/lib/server/storage/common';
import type { ObjectRow } from './model';

const missing = (key: string, id: string): ServiceError => {
  log.error(`blob ${key} of object ${id} is missing`);
  return new ServiceError('NOT_FOUND', 'Содержимое файла не найдено.');
};

/** The blob keys a file's bytes live in (one assembled blob, or its parts in order). */
async function blobKeysOf(ctx: AppContext, row: ObjectRow): Promise<{ key: string; size: number }[]> {
  if (row.blobKey) return [{ key: row.blobKey, size: Number(row.size) }];
  const parts = await ctx.db
    .select({ key: fileObjectParts.blobKey, size: fileObjectParts.size })
    .from(fileObjectParts)
    .where(eq(fileObjectParts.objectId, row.id))
    .orderBy(asc(fileObjectParts.idx));
  return parts.map((p) => ({ key: p.key, size: Number(p.size) }));
}

/**
 * The bytes of a file, or of the inclusive range `[start, end]` of it, as one Node stream: parts are opened
 * one after another, only those the range touches, each from its own offset. Nothing is buffered; destroying
 * the stream releases the part being read.
 */
export async function objectNodeBody(ctx: AppContext, row: ObjectRow, range?: { start: number; end: number }): Promise<Readable> {
  const parts = await blobKeysOf(ctx, row);
  const size = Number(row.size);
  const want = range ?? { start: 0, end: size - 1 };
  if (parts.length === 1 && row.blobKey) {
    const blob = await ctx.blobs.open(row.blobKey, range);
    if (!blob) throw missing(row.blobKey, row.id);
    return blob.body;
  }
  // The pieces to read: [key, start, end] in part coordinates.
  const pieces: { key: string; start: number; end: number }[] = [];
  let offset = 0;
  for (const p of parts) {
    const from = Math.max(want.start, offset);
    const to = Math.min(want.end, offset + p.size - 1);
    if (from <= to) pieces.push({ key: p.key, start: from - offset, end: to - offset });
    offset += p.size;
  }
  // Fail before the first byte if the first piece is gone (the usual case of a broken object).
  const first = pieces[0] ? await ctx.blobs.open(pieces[0].key, { start: pieces[0].start, end: pieces[0].end }) : null;
  if (pieces[0] && !first) throw missing(pieces[0].key, row.id);
  return chainParts(first?.body ?? null, pieces.length, async (i) => {
    const piece = pieces[i]!;
    const blob = await ctx.blobs.open(piece.key, { start: piece.start, end: piece.end });
    if (!blob) throw new Error(`blob ${piece.key} of object ${row.id} is missing`);
    return blob.body;
  });
}

/**
 * `count` streams read one after another as one: `first`, then `open(1)`, `open(2)`… each opened when the one
 * before has ended. Destroying the result destroys the part being read at once — also while it waits for its
 * next chunk (a slow store's part would otherwise be held until that chunk came) — and a part that opens
 * after that is destroyed as it arrives.
 */
export function chainParts(first: Readable | null, count: number, open: (i: number) => Promise<Readable>): Readable {
  let current = first;
  let closed = false;
  async function* chain(): AsyncGenerator<Uint8Array> {
    try {
      for (let i = 0; current; ) {
        yield* current as AsyncIterable<Uint8Array>;
        if (++i >= count || closed) return;
        const next = await open(i);
        if (closed) {
          next.destroy();
          return;
        }
        current = next;
      }
    } finally {
      current?.destroy();
    }
  }
  // Not Readable.from: its destroy waits for the generator's pending step, which is the part's next chunk.
  const steps = chain();
  return new Readable({
    read() {
      steps.next().then(
        (step) => void this.push(step.done ? null : step.value),
        (err: Error) => void this.destroy(err),
      );
    },
    destroy(err, callback) {
      closed = true;
      current?.destroy();
      steps.return(undefined).catch(() => undefined);
      callback(err);
    },
  });
}

/** The same bytes as a web stream (an answer of the route runtime). */
export async function objectBody(ctx: AppContext, row: ObjectRow, range?: { start: number; end: number }): Promise<ReadableStream<Uint8Array>> {
  return toWebStream(await objectNodeBody(ctx, row, range));
}
