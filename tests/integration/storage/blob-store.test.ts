// @vitest-environment node
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlobStore } from '@/lib/server/storage';
import { createDiskStore } from '@/lib/server/storage/disk';
import { BodyLengthError, InvalidMultipartPart, NoSuchMultipartUpload } from '@/lib/server/storage/common';
import { createS3Store, ensureBucket, type S3StoreOptions } from '@/lib/server/storage/s3';
import type { BlobStore } from '@/lib/server/storage/types';
import { startS3rverWithMultipart } from './s3rver-multipart';
import { waitUntil } from '../../helpers/wait-until';

interface Fixture {
  store: BlobStore;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

/** The chunks of a web stream (the DOM typings of ReadableStream have no async iterator). */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunksOf(body)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** Bytes whose every position is recognisable: byte i = (i * 7 + 3) mod 251. */
function pattern(length: number): Buffer {
  const b = Buffer.alloc(length);
  for (let i = 0; i < length; i++) b[i] = (i * 7 + 3) % 251;
  return b;
}

function webStreamOf(...chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(c);
      controller.close();
    },
  });
}

/** A Node stream that sends `first`, then waits until `release()` before sending `rest` (or failing). */
function gatedStream(first: Buffer, rest: Buffer) {
  let release!: (fail?: boolean) => void;
  const gate = new Promise<boolean>((resolve) => (release = (fail = false) => resolve(fail)));
  let sentFirst = false;
  let firstPulled!: () => void;
  const pulled = new Promise<void>((resolve) => (firstPulled = resolve));
  let asked!: () => void;
  /** The consumer has taken `first` in and asks for the rest. */
  const waiting = new Promise<void>((resolve) => (asked = resolve));
  const stream = new Readable({
    read() {
      if (!sentFirst) {
        sentFirst = true;
        this.push(first);
        firstPulled();
        return;
      }
      asked();
      void gate.then((fail) => {
        if (fail) {
          this.destroy(new Error('source failed'));
        } else {
          this.push(rest);
          this.push(null);
        }
      });
    },
  });
  return { stream, release, pulled, waiting };
}

/** Memory figures, in MiB above a baseline; peak over all samples. */
function memoryProbe() {
  const base = process.memoryUsage();
  const peak = { rss: 0, heapPlusBuffers: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, (m.rss - base.rss) / MiB);
    peak.heapPlusBuffers = Math.max(
      peak.heapPlusBuffers,
      (m.heapUsed + m.arrayBuffers - base.heapUsed - base.arrayBuffers) / MiB,
    );
  };
  const timer = setInterval(sample, 10);
  return {
    sample,
    stop() {
      clearInterval(timer);
      sample();
      return { rss: Math.round(peak.rss), heapPlusBuffers: Math.round(peak.heapPlusBuffers) };
    },
  };
}

const BIG = 200 * MiB;
/** "Well below 200 MB": a store that buffered the body would blow through this. */
const MEMORY_LIMIT_MIB = 100;

function describeBlobStore(name: string, makeStore: () => Promise<Fixture>): void {
  describe(name, () => {
    let fixture: Fixture | undefined;
    const store = (): BlobStore => {
      if (!fixture) throw new Error('store not set up');
      return fixture.store;
    };
    const newKey = (label: string) => `test/${label}-${randomUUID()}`;

    beforeAll(async () => {
      fixture = await makeStore();
    });
    afterAll(async () => {
      await fixture?.close();
    });

    it('pings', async () => {
      await expect(store().ping()).resolves.toBeUndefined();
    });

    it('round-trips bytes, a web stream and a Node stream', async () => {
      const bytes = randomBytes(70_000);
      const k1 = newKey('bytes');
      const put1 = await store().put(k1, new Uint8Array(bytes));
      expect(put1).toMatchObject({ key: k1, size: bytes.length });
      const got1 = await store().get(k1);
      expect(got1).not.toBeNull();
      expect(got1?.range).toBeUndefined();
      expect(got1?.size).toBe(bytes.length);
      expect(got1?.etag).toBe(put1.etag);
      expect((await readAll(got1!.body)).equals(bytes)).toBe(true);

      // Over one S3 part (5 MiB) so the multipart path is taken too.
      const a = randomBytes(3 * MiB);
      const b = randomBytes(3 * MiB + 17);
      const k2 = newKey('web');
      const put2 = await store().put(k2, webStreamOf(a, b));
      expect(put2.size).toBe(a.length + b.length);
      expect((await readAll((await store().get(k2))!.body)).equals(Buffer.concat([a, b]))).toBe(true);

      const k3 = newKey('node');
      const parts = [randomBytes(1000), randomBytes(1), randomBytes(65_536)];
      const put3 = await store().put(k3, Readable.from(parts));
      expect(put3.size).toBe(66_537);
      expect((await readAll((await store().get(k3))!.body)).equals(Buffer.concat(parts))).toBe(true);
    });

    it('stores an empty body', async () => {
      const k = newKey('empty');
      const put = await store().put(k, new Uint8Array(0));
      expect(put.size).toBe(0);
      const got = await store().get(k);
      expect(got?.size).toBe(0);
      expect((await readAll(got!.body)).length).toBe(0);
      await expect(store().get(k, { start: 0 })).rejects.toThrow(RangeError);
    });

    it('a put with durable: false is readable at once and made durable by sync', async () => {
      const keys = [newKey('later-1'), newKey('later-2')];
      for (const [i, k] of keys.entries()) await store().put(k, Buffer.from(`часть ${i}`), { durable: false });
      expect((await readAll((await store().get(keys[1]!))!.body)).toString()).toBe('часть 1');
      await store().sync(keys);
      await store().sync(keys); // again: nothing pending, still fine
      expect((await readAll((await store().get(keys[0]!))!.body)).toString()).toBe('часть 0');
      if (store().kind === 'disk') await expect(store().sync([newKey('never-written')])).rejects.toThrow();
    });

    it('replaces on put, and the etag follows the content', async () => {
      const k = newKey('replace');
      const first = await store().put(k, Buffer.from('первая версия'));
      const second = await store().put(k, Buffer.from('вторая, более длинная версия'));
      expect(second.etag).not.toBe(first.etag);
      const got = await store().get(k);
      expect((await readAll(got!.body)).toString()).toBe('вторая, более длинная версия');
      const st = await store().stat(k);
      expect(st).toMatchObject({ key: k, size: Buffer.byteLength('вторая, более длинная версия'), etag: second.etag });

      // Same length, different bytes: the etag must still change.
      const third = await store().put(k, Buffer.from('ВТОРАЯ, БОЛЕЕ ДЛИННАЯ ВЕРСИЯ'));
      expect(third.size).toBe(second.size);
      expect(third.etag).not.toBe(second.etag);
      expect((await store().stat(k))?.etag).toBe(third.etag);
    });

    it('stats size, etag and time', async () => {
      const k = newKey('stat');
      const before = Date.now();
      const put = await store().put(k, pattern(1234));
      const st = await store().stat(k);
      expect(st).not.toBeNull();
      expect(st).toEqual(put);
      expect(st!.size).toBe(1234);
      expect(typeof st!.etag).toBe('string');
      expect(st!.etag.length).toBeGreaterThan(0);
      expect(st!.modifiedAt).toBeInstanceOf(Date);
      // S3 keeps whole seconds.
      expect(st!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 2000);
      expect(st!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    });

    it('serves byte ranges', async () => {
      const k = newKey('range');
      const data = pattern(1000);
      const put = await store().put(k, data);
      const cases: [{ start: number; end?: number }, { start: number; end: number }][] = [
        [{ start: 10, end: 19 }, { start: 10, end: 19 }],
        [{ start: 990 }, { start: 990, end: 999 }],
        [{ start: 999, end: 999 }, { start: 999, end: 999 }],
        [{ start: 0, end: 0 }, { start: 0, end: 0 }],
        [{ start: 0 }, { start: 0, end: 999 }],
        [{ start: 995, end: 5000 }, { start: 995, end: 999 }],
      ];
      for (const [asked, served] of cases) {
        const got = await store().get(k, asked);
        expect(got, JSON.stringify(asked)).not.toBeNull();
        expect(got!.range, JSON.stringify(asked)).toEqual(served);
        expect(got!.size).toBe(1000);
        expect(got!.etag).toBe(put.etag);
        const bytes = await readAll(got!.body);
        expect(bytes.equals(data.subarray(served.start, served.end + 1)), JSON.stringify(asked)).toBe(true);
      }
    });

    it('refuses unsatisfiable ranges with RangeError', async () => {
      const k = newKey('badrange');
      await store().put(k, pattern(100));
      for (const r of [{ start: 100 }, { start: 100, end: 200 }, { start: 5000 }, { start: 5, end: 4 }, { start: -1 }]) {
        await expect(store().get(k, r), JSON.stringify(r)).rejects.toThrow(RangeError);
      }
      // A missing key is still "missing", ranged or not.
      expect(await store().get(newKey('nothing'), { start: 0, end: 10 })).toBeNull();
    });

    it('deletes, and a missing key is null everywhere', async () => {
      const k = newKey('del');
      await store().put(k, Buffer.from('x'));
      await store().delete(k);
      expect(await store().get(k)).toBeNull();
      expect(await store().stat(k)).toBeNull();
      await expect(store().delete(k)).resolves.toBeUndefined();
      await expect(store().delete(newKey('never'))).resolves.toBeUndefined();
      expect(await store().get(newKey('never'))).toBeNull();
      expect(await store().stat(newKey('never'))).toBeNull();
      // A "path" through an existing blob is not a blob either.
      const parent = newKey('parent');
      await store().put(parent, Buffer.from('p'));
      expect(await store().get(`${parent}/child`)).toBeNull();
      expect(await store().stat(`${parent}/child`)).toBeNull();
      await expect(store().delete(`${parent}/child`)).resolves.toBeUndefined();
      // ... and its prefix is not a blob.
      expect(await store().stat('test')).toBeNull();
      expect(await store().get('test')).toBeNull();
    });

    it('refuses invalid keys', async () => {
      const bad = ['', '../escape', 'a/../../escape', '/abs', 'a//b', 'a/', './a', 'a/./b', 'имя', 'a b', 'a\\b', '.tmp/x', 'a?b', 'x'.repeat(600)];
      for (const k of bad) {
        await expect(store().put(k, Buffer.from('x')), k).rejects.toThrow(/Invalid blob key/);
        await expect(store().get(k), k).rejects.toThrow(/Invalid blob key/);
        await expect(store().stat(k), k).rejects.toThrow(/Invalid blob key/);
        await expect(store().delete(k), k).rejects.toThrow(/Invalid blob key/);
      }
      // And what is valid stays valid.
      const ok = `ok/${randomUUID()}/file_v1.2-final`;
      await store().put(ok, Buffer.from('ok'));
      expect((await store().stat(ok))?.size).toBe(2);
    });

    it('makes a put visible only once complete', async () => {
      const k = newKey('atomic');
      await store().put(k, Buffer.from('old'));
      const { stream, release, waiting } = gatedStream(randomBytes(100_000), randomBytes(100_000));
      const putting = store().put(k, stream);
      // Half the body is with the store, which waits for the rest.
      await waiting;
      expect((await readAll((await store().get(k))!.body)).toString()).toBe('old');
      expect((await store().stat(k))?.size).toBe(3);
      release();
      const done = await putting;
      expect(done.size).toBe(200_000);
      expect((await store().stat(k))?.size).toBe(200_000);
    });

    it('keeps the old content when the body fails midway', async () => {
      const k = newKey('fail');
      const old = await store().put(k, Buffer.from('old'));
      const { stream, release, pulled } = gatedStream(randomBytes(100_000), randomBytes(10));
      const putting = store().put(k, stream);
      await pulled;
      release(true);
      await expect(putting).rejects.toThrow();
      expect(await store().stat(k)).toEqual(old);
      expect((await readAll((await store().get(k))!.body)).toString()).toBe('old');
      // Never written at all when the first write fails.
      const k2 = newKey('fail-new');
      const g2 = gatedStream(randomBytes(10), randomBytes(10));
      const p2 = store().put(k2, g2.stream);
      await g2.pulled;
      g2.release(true);
      await expect(p2).rejects.toThrow();
      expect(await store().stat(k2)).toBeNull();
    });

    it('with a gate, the blob appears only once the gate opens; a gate that fails leaves the key untouched', async () => {
      const k = newKey('gate');
      await store().put(k, Buffer.from('old'));
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const body = Readable.from([randomBytes(50_000)]);
      const read = new Promise((r) => body.once('end', r));
      const putting = store().put(k, body, { durable: false, gate });
      // The disk store takes every byte in before the gate, which then alone holds the blob back; S3 reads
      // nothing before it (so no byte reaches a bucket for a refused session).
      if (store().kind === 'disk') await read;
      else expect(body.readableEnded).toBe(false);
      expect((await store().stat(k))?.size).toBe(3);
      open();
      expect((await putting).size).toBe(50_000);
      expect((await store().stat(k))?.size).toBe(50_000);

      const refused = new Error('the session did not hold');
      const k2 = newKey('gate-refused');
      await expect(store().put(k2, randomBytes(50_000), { gate: Promise.reject(refused) })).rejects.toBe(refused);
      expect(await store().stat(k2)).toBeNull();
      await expect(store().put(k, Buffer.from('new'), { gate: Promise.reject(refused) })).rejects.toBe(refused);
      expect((await store().stat(k))?.size).toBe(50_000);
    });

    // Whole-object puts are the store's own work on disk (a temporary file renamed into place); on S3 they are
    // the service's guarantee, which the s3rver stand-in does not keep (it writes each body straight into the
    // object's file, so concurrent puts can interleave there): judged on the disk store.
    it.skipIf(name.startsWith('s3'))('ends concurrent puts with one whole body', async () => {
      const k = newKey('race');
      const bodies = Array.from({ length: 5 }, () => randomBytes(300_000));
      await Promise.all(bodies.map((b) => store().put(k, Readable.from([b.subarray(0, 150_000), b.subarray(150_000)]))));
      const got = await readAll((await store().get(k))!.body);
      expect(bodies.some((b) => b.equals(got))).toBe(true);
    });

    it(
      `streams ${BIG / MiB} MiB in and out without holding it in memory`,
      async () => {
        const k = newKey('big');
        const produced = createHash('sha256');
        let sent = 0;
        const probeIn = memoryProbe();
        const source = new Readable({
          highWaterMark: 256 * 1024,
          read() {
            if (sent >= BIG) {
              this.push(null);
              return;
            }
            const chunk = randomBytes(Math.min(256 * 1024, BIG - sent));
            produced.update(chunk);
            sent += chunk.length;
            probeIn.sample();
            this.push(chunk);
          },
        });
        const t0 = performance.now();
        const put = await store().put(k, source);
        const putMs = Math.round(performance.now() - t0);
        const memIn = probeIn.stop();
        expect(put.size).toBe(BIG);

        const probeOut = memoryProbe();
        const t1 = performance.now();
        const got = await store().get(k);
        expect(got?.size).toBe(BIG);
        const consumed = createHash('sha256');
        let received = 0;
        for await (const chunk of chunksOf(got!.body)) {
          consumed.update(chunk);
          received += chunk.byteLength;
          probeOut.sample();
        }
        const getMs = Math.round(performance.now() - t1);
        const memOut = probeOut.stop();

        // A ranged read of the tail of the big object, to check offsets past 2^27 and so on.
        const tail = await store().get(k, { start: BIG - 10 });
        expect(tail?.range).toEqual({ start: BIG - 10, end: BIG - 1 });
        expect((await readAll(tail!.body)).length).toBe(10);

        console.info(
          `[${name}] ${BIG / MiB} MiB: put ${putMs} ms, peak +${memIn.rss} MiB rss / +${memIn.heapPlusBuffers} MiB heap+buffers; ` +
            `get ${getMs} ms, peak +${memOut.rss} MiB rss / +${memOut.heapPlusBuffers} MiB heap+buffers`,
        );
        expect(received).toBe(BIG);
        expect(consumed.digest('hex')).toBe(produced.digest('hex'));
        expect(memIn.rss).toBeLessThan(MEMORY_LIMIT_MIB);
        expect(memIn.heapPlusBuffers).toBeLessThan(MEMORY_LIMIT_MIB);
        expect(memOut.rss).toBeLessThan(MEMORY_LIMIT_MIB);
        expect(memOut.heapPlusBuffers).toBeLessThan(MEMORY_LIMIT_MIB);
        await store().delete(k);
        expect(await store().stat(k)).toBeNull();
      },
      120_000,
    );
  });
}

// ---------------------------------------------------------------- disk

const tempDirs: string[] = [];
async function tempDir(label: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `kalkulus-${label}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describeBlobStore('disk store', async () => {
  const root = path.join(await tempDir('blobs'), 'blobs');
  return { store: createDiskStore(root), close: async () => undefined };
});

describe('disk store specifics', () => {
  it('lays keys out under the root, leaves no temp files and prunes empty directories', async () => {
    const root = path.join(await tempDir('layout'), 'blobs');
    const store = createDiskStore(root);
    await store.put('a/b/c', Buffer.from('abc'));
    expect(await fs.readFile(path.join(root, 'a', 'b', 'c'), 'utf8')).toBe('abc');
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
    await store.delete('a/b/c');
    expect(existsSync(path.join(root, 'a'))).toBe(false);
    expect(existsSync(root)).toBe(true);
  });

  it('a refused gate leaves no temp file, and a missing folder is made for the rename', async () => {
    const root = path.join(await tempDir('gate'), 'blobs');
    const store = createDiskStore(root);
    await expect(store.put('x/y', randomBytes(10_000), { gate: Promise.reject(new Error('no')) })).rejects.toThrow('no');
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
    expect(existsSync(path.join(root, 'x'))).toBe(false);
    await store.put('x/y/z', Buffer.from('z'), { gate: Promise.resolve() });
    expect(await fs.readFile(path.join(root, 'x', 'y', 'z'), 'utf8')).toBe('z');
  });

  it('writes nothing outside the root for a hostile key', async () => {
    const parent = await tempDir('hostile');
    const store = createDiskStore(path.join(parent, 'blobs'));
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    await expect(store.put('blobs/../../escape', Buffer.from('x'))).rejects.toThrow(/Invalid blob key/);
    expect(existsSync(path.join(parent, 'escape'))).toBe(false);
    expect(existsSync(path.join(path.dirname(parent), 'escape'))).toBe(false);
  });

  it('removes a failed write’s temp file', async () => {
    const root = path.join(await tempDir('failtmp'), 'blobs');
    const store = createDiskStore(root);
    const failing = new Readable({
      read() {
        this.destroy(new Error('boom'));
      },
    });
    await expect(store.put('x', failing)).rejects.toThrow('boom');
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('fails ping when the root is not writable', async () => {
    const parent = await tempDir('ro');
    const notADir = path.join(parent, 'file');
    await fs.writeFile(notADir, 'x');
    await expect(createDiskStore(notADir).ping()).rejects.toThrow();
  });

  it('is what createBlobStore gives by default, under DATA_DIR/blobs', async () => {
    const dataDir = await tempDir('data');
    const store = createBlobStore({
      storage: 'disk',
      dataDir,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      S3_ENDPOINT: undefined,
      S3_BUCKET: undefined,
      S3_ACCESS_KEY_ID: undefined,
      S3_SECRET_ACCESS_KEY: undefined,
    });
    expect(store.kind).toBe('disk');
    await store.put('k', Buffer.from('v'));
    expect(await fs.readFile(path.join(dataDir, 'blobs', 'k'), 'utf8')).toBe('v');
  });
});

// ---------------------------------------------------------------- S3 (s3rver)

let s3rver: S3rver | undefined;
let s3Endpoint: string | undefined;

async function startS3rver(): Promise<string> {
  if (s3Endpoint) return s3Endpoint;
  const directory = await tempDir('s3rver');
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${address.port}`;
  return s3Endpoint;
}
afterAll(async () => {
  await s3rver?.close();
});

const s3Options = (endpoint: string, bucket: string): S3StoreOptions => ({
  endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describeBlobStore('s3 store (s3rver)', async () => {
  const opts = s3Options(await startS3rver(), 'kalkulus-test');
  await ensureBucket(opts);
  await ensureBucket(opts); // idempotent
  return { store: createS3Store(opts), close: async () => undefined };
});

describe('s3 store specifics', () => {
  it('fails ping for a bucket that does not exist', async () => {
    const store = createS3Store(s3Options(await startS3rver(), 'no-such-bucket'));
    await expect(store.ping()).rejects.toThrow();
  });

  it('writes a body of upload-plan chunks as S3 multipart parts of ≥ 5 MiB, and aborts the multipart upload on failure', async () => {
    // A logging proxy in front of s3rver: which S3 requests the store sends, with their body sizes.
    const target = new URL(await startS3rver());
    const seen: { method: string; query: string; length: number }[] = [];
    const proxy = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        seen.push({ method: req.method ?? '', query: [...url.searchParams.keys()].filter((k) => k !== 'x-id').sort().join('&'), length: body.length });
        const out = http.request(
          { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
          (back) => {
            res.writeHead(back.statusCode ?? 502, back.headers);
            back.pipe(res);
          },
        );
        out.on('error', () => res.destroy());
        out.end(body);
      });
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    try {
      const port = (proxy.address() as { port: number }).port;
      const opts = s3Options(`http://127.0.0.1:${port}`, 'kalkulus-parts');
      await ensureBucket(opts);
      const store = createS3Store(opts);
      // Three upload-plan chunks of 5 000 000 bytes (each below the S3 minimum part) as one stream.
      const chunks = [randomBytes(5_000_000), randomBytes(5_000_000), randomBytes(5_000_000)];
      seen.length = 0;
      await store.put('coalesced', Readable.from(chunks));
      const parts = seen.filter((r) => r.method === 'PUT' && r.query === 'partNumber&uploadId');
      expect(seen.filter((r) => r.method === 'POST' && r.query === 'uploads')).toHaveLength(1);
      expect(parts.map((p) => p.length)).toEqual([5 * MiB, 5 * MiB, 15_000_000 - 10 * MiB]);
      expect(seen.filter((r) => r.method === 'POST' && r.query === 'uploadId')).toHaveLength(1);
      expect((await readAll((await store.get('coalesced'))!.body)).equals(Buffer.concat(chunks))).toBe(true);

      // A body that fails after the first part: the multipart upload is aborted, nothing is left.
      seen.length = 0;
      const g = gatedStream(randomBytes(6 * MiB), randomBytes(10));
      const putting = store.put('abandoned', g.stream);
      await waitUntil(() => seen.some((r) => r.method === 'PUT' && r.query === 'partNumber&uploadId'), { what: 'the first part to be sent' });
      g.release(true);
      await expect(putting).rejects.toThrow();
      expect(seen.filter((r) => r.method === 'POST' && r.query === 'uploads')).toHaveLength(1);
      // The abort may be sent after the put has failed.
      await waitUntil(() => seen.some((r) => r.method === 'DELETE' && r.query === 'uploadId'), { what: 'the multipart upload to be aborted' });
      expect(seen.filter((r) => r.method === 'DELETE' && r.query === 'uploadId')).toHaveLength(1);
      expect(await store.stat('abandoned')).toBeNull();
    } finally {
      await new Promise((r) => proxy.close(r));
    }
  });

  it('multipart: parts streamed with their length checked, replaced when sent again, joined in order; abort and abortAll leave nothing', async () => {
    const shim = await startS3rverWithMultipart(await tempDir('s3rver-mp'));
    try {
      const opts = s3Options(shim.endpoint, 'kalkulus-mp');
      await ensureBucket(opts);
      const store = createS3Store(opts);
      const mp = store.multipart!;
      expect(mp.minPartSize).toBe(5 * MiB);
      expect(createDiskStore(await tempDir('no-mp')).multipart).toBeUndefined();

      const a = randomBytes(5 * MiB + 3);
      const b = randomBytes(1000);
      const id = await mp.create('files/joined', { contentType: 'application/pdf' });
      expect(await shim.pendingUploads('kalkulus-mp')).toEqual([id]);
      // Part 2 first and wrong, then right: the second send replaces the first.
      await mp.putPart('files/joined', id, 2, Readable.from([randomBytes(1000)]), 1000);
      const e2 = await mp.putPart('files/joined', id, 2, webStreamOf(b.subarray(0, 10), b.subarray(10)), 1000);
      const e1 = await mp.putPart('files/joined', id, 1, Readable.from([a.subarray(0, MiB), a.subarray(MiB)]), a.length);
      // A body longer or shorter than announced fails (instead of hanging the request) and leaves the part as it was.
      await expect(mp.putPart('files/joined', id, 1, Readable.from([randomBytes(a.length + 1)]), a.length)).rejects.toBeInstanceOf(BodyLengthError);
      await expect(mp.putPart('files/joined', id, 1, Readable.from([randomBytes(10)]), a.length)).rejects.toMatchObject({ got: 10 });
      // A body that fails midway: once the store has taken its first bytes.
      const broken = new Readable({ read() {} });
      const sending = mp.putPart('files/joined', id, 1, broken, a.length);
      broken.push(randomBytes(100));
      await waitUntil(() => broken.readableLength === 0, { what: 'the store to take the first bytes' });
      broken.destroy(new Error('client went away'));
      await expect(sending).rejects.toThrow('client went away');
      // Wrong ETag → InvalidMultipartPart.
      await expect(mp.complete('files/joined', id, [{ partNumber: 1, etag: '"0"' }, { partNumber: 2, etag: e2 }])).rejects.toBeInstanceOf(
        InvalidMultipartPart,
      );
      await mp.complete('files/joined', id, [
        { partNumber: 1, etag: e1 },
        { partNumber: 2, etag: e2 },
      ]);
      const back = (await store.get('files/joined'))!;
      expect((await readAll(back.body)).equals(Buffer.concat([a, b]))).toBe(true);
      expect(await shim.pendingUploads('kalkulus-mp')).toEqual([]);
      await expect(mp.complete('files/joined', id, [{ partNumber: 1, etag: e1 }])).rejects.toBeInstanceOf(NoSuchMultipartUpload);
      await expect(mp.putPart('files/joined', id, 1, Buffer.from('x'), 1)).rejects.toBeInstanceOf(NoSuchMultipartUpload);

      // A part < 5 MiB but the last is refused by S3.
      const small = await mp.create('files/small');
      const s1 = await mp.putPart('files/small', small, 1, Buffer.alloc(10), 10);
      const s2 = await mp.putPart('files/small', small, 2, Buffer.alloc(10), 10);
      await expect(mp.complete('files/small', small, [{ partNumber: 1, etag: s1 }, { partNumber: 2, etag: s2 }])).rejects.toBeInstanceOf(
        InvalidMultipartPart,
      );

      // abort is idempotent; abortAll finds the uploads of exactly one key.
      await mp.abort('files/small', small);
      await mp.abort('files/small', small);
      const x1 = await mp.create('files/x');
      const x2 = await mp.create('files/x');
      const other = await mp.create('files/x2');
      expect((await shim.pendingUploads('kalkulus-mp')).sort()).toEqual([x1, x2, other].sort());
      expect(await mp.abortAll('files/x')).toBe(2);
      expect(await shim.pendingUploads('kalkulus-mp')).toEqual([other]);
      expect(await store.stat('files/x')).toBeNull();
    } finally {
      await shim.close();
    }
  });

  it('multipart: abortAll answers null where ListMultipartUploads is not implemented (plain s3rver)', async () => {
    const opts = s3Options(await startS3rver(), 'kalkulus-nolist');
    await ensureBucket(opts);
    expect(await createS3Store(opts).multipart!.abortAll('files/x')).toBeNull();
  });

  it('is what createBlobStore gives when S3 is configured', async () => {
    const endpoint = await startS3rver();
    await ensureBucket(s3Options(endpoint, 'kalkulus-env'));
    const store = createBlobStore({
      storage: 's3',
      dataDir: '/nonexistent',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'kalkulus-env',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(store.kind).toBe('s3');
    await store.ping();
    await store.put('k', Buffer.from('v'), { contentType: 'text/plain' });
    expect((await readAll((await store.get('k'))!.body)).toString()).toBe('v');
  });
});
