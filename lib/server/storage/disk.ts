import 'server-only';
import { randomUUID } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  assertWellFormedRange,
  RESERVED_PREFIX,
  resolveRange,
  toNodeReadable,
  toWebStream,
} from '@/lib/server/storage/common';
import type { BlobBody, BlobNodeRead, BlobRead, BlobStat, BlobStore, ByteRange } from '@/lib/server/storage/types';

/** Temporary files older than this are left over from a crash and are removed when the store starts. */
const STALE_TMP_MS = 24 * 60 * 60 * 1000;

const errCode = (e: unknown): string | undefined =>
  e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;

/** Errors that mean "there is no blob at this key" (a missing file, or a path through/at a directory). */
const isMissing = (e: unknown): boolean => {
  const code = errCode(e);
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

function statOf(key: string, st: BigIntStats): BlobStat {
  // A put always writes a new file and renames it over the old one, so inode + size + mtime (ns)
  // differ whenever the content may have changed.
  const etag = `"${st.ino.toString(16)}-${st.size.toString(16)}-${st.mtimeNs.toString(16)}"`;
  return { key, size: Number(st.size), etag, modifiedAt: new Date(Number(st.mtimeMs)) };
}

/**
 * Blobs as files under `rootDir` (DATA_DIR/blobs): key `a/b/c` is the file `<rootDir>/a/b/c`.
 * Writes go to `<rootDir>/.tmp/<random>` and are renamed into place once complete (and fsynced),
 * so a reader sees either the old content or the new one, never a part.
 */
export function createDiskStore(rootDir: string): BlobStore {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, RESERVED_PREFIX);

  const fileOf = (key: string): string => {
    assertValidKey(key);
    const file = path.join(root, ...key.split('/'));
    // Belt and braces: the key rules already make escaping the root impossible.
    if (!file.startsWith(root + path.sep)) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
    return file;
  };

  let ready: Promise<void> | undefined;
  const init = (): Promise<void> => {
    ready ??= (async () => {
      await fs.mkdir(tmpDir, { recursive: true });
      const now = Date.now();
      for (const name of await fs.readdir(tmpDir)) {
        const p = path.join(tmpDir, name);
        const st = await fs.stat(p).catch(() => null);
        if (st && now - st.mtimeMs > STALE_TMP_MS) await fs.rm(p, { force: true, recursive: true }).catch(() => undefined);
      }
    })().catch((e: unknown) => {
      ready = undefined; // retry on the next call
      throw e;
    });
    return ready;
  };

  /**
   * Moves the finished temp file into place: the parent usually exists (one rename); when it does not, or a
   * concurrent delete pruned it, it is made and the rename tried again.
   */
  const moveIntoPlace = async (tmp: string, file: string): Promise<void> => {
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.rename(tmp, file);
        return;
      } catch (e) {
        if (errCode(e) !== 'ENOENT' || attempt >= 3) throw e;
      }
      await fs.mkdir(path.dirname(file), { recursive: true });
    }
  };

  /** Removes now-empty directories from `dir` up to (not including) the root. */
  const pruneEmptyDirs = async (dir: string): Promise<void> => {
    let d = dir;
    while (d.startsWith(root + path.sep)) {
      try {
        await fs.rmdir(d);
      } catch {
        return; // not empty (or gone): stop
      }
      d = path.dirname(d);
    }
  };

  /** fdatasync of a file by path (an fd opened for reading flushes the file's data all the same). */
  const syncFile = async (file: string): Promise<void> => {
    const handle = await fs.open(file, 'r');
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };

  // Background flushes of `durable: false` writes, one at a time (so they never fill the thread pool that the
  // next writes need), each remembered by key until `sync`, or a later put or delete, of the key.
  let flushing: Promise<void> = Promise.resolve();
  const flushes = new Map<string, Promise<boolean>>();
  const flushLater = (key: string, file: string, onStart?: () => void): void => {
    const done = flushing.then(
      () => {
        onStart?.();
        return syncFile(file).then(() => true, () => false);
      },
      () => false,
    );
    flushing = done.then(() => undefined);
    flushes.set(key, done);
  };

  // Keys written in place: a background flush is queued for each at most once (later bytes join it until it
  // starts); `sync` of such a key flushes once more after it, for bytes written while it ran.
  const queued = new Set<string>();
  const inPlaceKeys = new Set<string>();
  const written = (key: string): void => {
    inPlaceKeys.add(key);
    if (queued.has(key)) return;
    queued.add(key);
    flushLater(key, fileOf(key), () => queued.delete(key));
  };

  const store: BlobStore = {
    kind: 'disk',

    inPlace: { pathOf: fileOf, written },

    async put(key: string, body: BlobBody, opts?: { durable?: boolean; gate?: Promise<unknown> }): Promise<BlobStat> {
      // The gate is awaited only once the bytes are in: until then a refusal is ours to hold, not unhandled.
      opts?.gate?.catch(() => undefined);
      const file = fileOf(key);
      await init();
      const tmp = path.join(tmpDir, randomUUID());
      const durable = opts?.durable !== false;
      try {
        // `flush` fsyncs before close, so the rename never exposes a file whose bytes are not on disk (unless
        // the caller chose `durable: false` and a later `sync`). Open first: the temp file then exists before any byte flows, so cleanup on failure never races the open.
        const handle = await fs.open(tmp, 'wx');
        await pipeline(toNodeReadable(body), handle.createWriteStream({ flush: durable, highWaterMark: 1 << 20 }));
        const st = await fs.stat(tmp, { bigint: true });
        await opts?.gate;
        await moveIntoPlace(tmp, file);
        flushes.delete(key);
        inPlaceKeys.delete(key);
        if (!durable) flushLater(key, file);
        return statOf(key, st);
      } catch (e) {
        await fs.rm(tmp, { force: true }).catch(() => undefined);
        throw e;
      }
    },

    async sync(keys: string[]): Promise<void> {
      for (const key of keys) {
        const file = fileOf(key);
        const pending = flushes.get(key);
        // A background flush that failed (or none in this process, e.g. after a restart), or a file written in
        // place (bytes may have come while the flush ran): flush now.
        if (!pending || !(await pending) || inPlaceKeys.has(key)) await syncFile(file);
        flushes.delete(key);
        inPlaceKeys.delete(key);
      }
    },

    async get(key: string, range?: ByteRange): Promise<BlobRead | null> {
      const read = await store.open(key, range);
      return read && { ...read, body: toWebStream(read.body) };
    },

    async open(key: string, range?: ByteRange): Promise<BlobNodeRead | null> {
      const file = fileOf(key);
      if (range) assertWellFormedRange(range);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
      try {
        // Stat the open file, not the path: a concurrent put renames a new file over the path,
        // while this handle keeps reading the one whose size and etag are reported.
        const st = await handle.stat({ bigint: true });
        if (!st.isFile()) {
          await handle.close();
          return null;
        }
        const info = statOf(key, st);
        if (range) {
          const served = resolveRange(range, info.size);
          return { ...info, body: handle.createReadStream({ start: served.start, end: served.end }), range: served };
        }
        return { ...info, body: handle.createReadStream() };
      } catch (e) {
        await handle.close().catch(() => undefined);
        throw e;
      }
    },

    async stat(key: string): Promise<BlobStat | null> {
      const file = fileOf(key);
      try {
        const st = await fs.stat(file, { bigint: true });
        return st.isFile() ? statOf(key, st) : null;
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },

    async delete(key: string): Promise<void> {
      const file = fileOf(key);
      flushes.delete(key);
      inPlaceKeys.delete(key);
      try {
        await fs.unlink(file);
      } catch (e) {
        if (isMissing(e)) return;
        throw e;
      }
      await pruneEmptyDirs(path.dirname(file));
    },

    async ping(): Promise<void> {
      await init();
      const probe = path.join(tmpDir, `ping-${randomUUID()}`);
      try {
        await fs.writeFile(probe, 'ok', { flag: 'wx' });
        const back = await fs.readFile(probe, 'utf8');
        if (back !== 'ok') throw new Error(`Blob store probe read back ${JSON.stringify(back)}`);
      } finally {
        await fs.rm(probe, { force: true });
      }
    },
  };
  return store;
}
