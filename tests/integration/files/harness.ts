import { createHash } from 'node:crypto';
import { crc32 as zlibCrc32 } from 'node:zlib';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import '../../helpers/s3rver-consistent';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { createS3Store, ensureBucket } from '@/lib/server/storage/s3';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';

export const BASE = 'http://localhost/file-manager-service/api/v1';
export type StoreKind = 'disk' | 's3';

export interface Harness {
  ctx: TestContext;
  close(): Promise<void>;
}

/** A test context whose blobs are on disk, or on an s3rver started for it. */
export async function createHarness(store: StoreKind, vars: Record<string, string> = {}): Promise<Harness> {
  const ctx = await createTestContext(vars);
  if (store === 'disk') return { ctx, close: () => ctx.destroy() };
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'kalkulus-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const address = await server.run();
  const opts = {
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket: 'kalkulus-files',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  await ensureBucket(opts);
  ctx.blobs = createS3Store(opts);
  return {
    ctx,
    close: async () => {
      await ctx.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

export interface Answer {
  status: number;
  body: Record<string, unknown> & { ok: boolean; code?: string; msg: string };
}

/** POSTs a JSON call as `user` (null = no token). */
export async function call(ctx: TestContext, user: TestUser | null, name: string, body: unknown = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user) headers.authorization = `Bearer ${user.accessToken}`;
  const res = await dispatch(services.files, new Request(`${BASE}/${name}`, { method: 'POST', headers, body: JSON.stringify(body) }), ctx);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Like `call`, but throws unless the answer is ok. */
export async function ok<T = Record<string, unknown>>(ctx: TestContext, user: TestUser | null, name: string, body: unknown = {}): Promise<T> {
  const a = await call(ctx, user, name, body);
  if (a.status !== 200) throw new Error(`${name} → ${a.status} ${JSON.stringify(a.body)}`);
  return a.body as unknown as T;
}

/** GET below the service base (`file/<id>`, `files?ids=…`). */
export async function get(ctx: TestContext, user: TestUser | null, pathAndQuery: string, headers: Record<string, string> = {}): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (user) h.authorization = `Bearer ${user.accessToken}`;
  return dispatch(services.files, new Request(`${BASE}/${pathAndQuery}`, { headers: h }), ctx);
}

/** Sends one chunk as the upload protocol has it: multipart upload_id, chunk_id, data. */
export async function sendChunk(ctx: TestContext, user: TestUser, uploadId: string, chunkId: number, data: Uint8Array): Promise<Answer> {
  const form = new FormData();
  form.append('upload_id', uploadId);
  form.append('chunk_id', String(chunkId));
  form.append('data', new Blob([data as Uint8Array<ArrayBuffer>]), 'blob');
  const res = await dispatch(
    services.files,
    new Request(`${BASE}/uploadChunk`, { method: 'POST', headers: { authorization: `Bearer ${user.accessToken}` }, body: form }),
    ctx,
  );
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

export const sha256 = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
/** The CRC-32 an uploadChunk answer carries for a chunk (8 hex digits). */
export const crc32 = (b: Uint8Array): string => zlibCrc32(b).toString(16).padStart(8, '0');

/** Bytes whose every position is recognisable. */
export function pattern(length: number, seed = 0): Buffer {
  const b = Buffer.alloc(length);
  for (let i = 0; i < length; i++) b[i] = (i * 7 + 3 + seed) % 251;
  return b;
}

export interface FileObj {
  id: string;
  name: string;
  root: string | null;
  kind: string;
  version: number;
  size: number;
  sha256: string;
  access: string;
  mode: string;
  type: string;
  metadata: string;
  updated_at: string;
}

/** The whole upload protocol: createUpload → every chunk in order → completeUpload. */
export async function upload(
  ctx: TestContext,
  user: TestUser,
  name: string,
  bytes: Uint8Array,
  extra: Record<string, unknown> = {},
): Promise<FileObj> {
  const created = await ok<{ upload_id: string; chunk_size: number; chunks: number }>(ctx, user, 'createUpload', {
    name,
    type: 'documents',
    size: bytes.length,
    sha256: sha256(bytes),
    ...extra,
  });
  for (let i = 0; i < created.chunks; i++) {
    const part = bytes.subarray(i * created.chunk_size, Math.min(bytes.length, (i + 1) * created.chunk_size));
    const a = await sendChunk(ctx, user, created.upload_id, i, part);
    if (a.status !== 200) throw new Error(`chunk ${i} → ${a.status} ${JSON.stringify(a.body)}`);
  }
  return (await ok<{ object: FileObj }>(ctx, user, 'completeUpload', { upload_id: created.upload_id })).object;
}

export async function users(ctx: TestContext, n: number): Promise<TestUser[]> {
  const out: TestUser[] = [];
  for (let i = 0; i < n; i++) out.push(await createTestUser(ctx));
  return out;
}

export const bytesOf = async (res: Response): Promise<Buffer> => Buffer.from(await res.arrayBuffer());
