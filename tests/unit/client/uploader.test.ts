import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/client/api-error';
import { crc32 as zlibCrc32 } from 'node:zlib';

const calls: { name: string; body: Record<string, unknown> }[] = [];
const chunkCalls: { uploadId: string; chunkId: number; size: number }[] = [];
let failChunkOnce: number | null = null;
const networkError = () => new ApiError('NETWORK_ERROR', 'нет связи', { status: 0 });
let failWith: () => ApiError = networkError;
let lostOnce: number[] | null = null;
let status: { received: number[]; chunks: number; chunk_size: number; size: number; status: string } | null = null;

vi.mock('@/lib/client/call', () => ({
  SERVICE_BASE: { files: '/file-manager-service/api/v1' },
  call: vi.fn(async (_service: string, name: string, body: Record<string, unknown>) => {
    calls.push({ name, body });
    if (name === 'createUpload') {
      const size = body.size as number;
      const chunks = Math.max(1, Math.floor(size / 5_000_000));
      return { ok: true, upload_id: 'up-1', chunks, chunk_size: Math.ceil(size / chunks) };
    }
    if (name === 'uploadStatus') {
      if (!status) throw new ApiError('NOT_FOUND', 'нет', { status: 404 });
      return { ok: true, ...status };
    }
    if (name === 'completeUpload' && lostOnce) {
      const missing = lostOnce;
      lostOnce = null;
      throw new ApiError('UPLOAD_INCOMPLETE', 'нет частей', { status: 409, body: { ok: false, code: 'UPLOAD_INCOMPLETE', msg: 'нет частей', missing } });
    }
    if (name === 'completeUpload') return { ok: true, object: { id: 'obj-1', name: 'x' } };
    return { ok: true };
  }),
}));

// The server's CRC-32 (zlib's, as the route answers it) of what it received.
const crcOf = async (blob: Blob): Promise<string> => zlibCrc32(new Uint8Array(await blob.arrayBuffer())).toString(16).padStart(8, '0');

vi.mock('@/lib/client/uploader/send-chunk', () => ({
  sendChunk: vi.fn(async (_url: string, uploadId: string, chunkId: number, data: Blob, opts: { onProgress?: (n: number) => void }) => {
    if (failChunkOnce === chunkId) {
      failChunkOnce = null;
      throw failWith();
    }
    chunkCalls.push({ uploadId, chunkId, size: data.size });
    opts.onProgress?.(data.size);
    return { received: [chunkId], chunk_id: chunkId, size: data.size, crc32: await crcOf(data) };
  }),
}));

vi.mock('@/lib/client/refresh', () => ({ refreshAccessToken: vi.fn(async () => true) }));

const { uploadFile } = await import('@/lib/client/uploader');

const fileOf = (size: number, name = 'Отчёт.bin') => new File([new Uint8Array(size)], name, { lastModified: 1 });

describe('uploadFile (the file-manager upload protocol in the browser)', () => {
  beforeEach(() => {
    calls.length = 0;
    chunkCalls.length = 0;
    failChunkOnce = null;
    failWith = networkError;
    status = null;
    lostOnce = null;
    window.localStorage.clear();
  });

  it('sends every chunk of the plan in order and completes; without root, root and mode are not sent', async () => {
    const progress: number[] = [];
    const obj = await uploadFile(fileOf(12_000_000), { type: 'documents', mode: 'public', onProgress: (l) => progress.push(l), retryDelays: [0] });
    expect(obj.id).toBe('obj-1');
    const create = calls.find((c) => c.name === 'createUpload')!;
    expect(create.body).not.toHaveProperty('root');
    expect(create.body).not.toHaveProperty('mode');
    expect(create.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(chunkCalls.map((c) => [c.chunkId, c.size])).toEqual([
      [0, 6_000_000],
      [1, 6_000_000],
    ]);
    expect(progress.at(-1)).toBe(12_000_000);
    expect(calls.at(-1)?.name).toBe('completeUpload');
  });

  it('with a root, root and mode are sent', async () => {
    await uploadFile(fileOf(10), { type: 'documents', root: 'folder-1', mode: 'public', retryDelays: [0] });
    expect(calls.find((c) => c.name === 'createUpload')!.body).toMatchObject({ root: 'folder-1', mode: 'public' });
  });

  it('retries a chunk after a network error', async () => {
    failChunkOnce = 1;
    await uploadFile(fileOf(10_000_000), { type: 'documents', retryDelays: [0, 0] });
    expect(chunkCalls.map((c) => c.chunkId)).toEqual([0, 1]);
  });

  it('retries a chunk the server cut for arriving too slowly (408), not one it refused (413)', async () => {
    failChunkOnce = 1;
    failWith = () => new ApiError('REQUEST_TIMEOUT', 'медленно', { status: 408 });
    await uploadFile(fileOf(10_000_000), { type: 'documents', retryDelays: [0, 0] });
    expect(chunkCalls.map((c) => c.chunkId)).toEqual([0, 1]);
    chunkCalls.length = 0;
    window.localStorage.clear();
    failChunkOnce = 1;
    failWith = () => new ApiError('PAYLOAD_TOO_LARGE', 'длиннее', { status: 413 });
    await expect(uploadFile(fileOf(10_000_000), { type: 'documents', retryDelays: [0, 0] })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(chunkCalls.map((c) => c.chunkId)).toEqual([0]);
  });

  it('resumes a remembered upload from uploadStatus, sending only the missing chunks', async () => {
    failChunkOnce = 1;
    await expect(uploadFile(fileOf(10_000_000), { type: 'documents', retryDelays: [] })).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    chunkCalls.length = 0;
    calls.length = 0;
    status = { received: [0], chunks: 2, chunk_size: 5_000_000, size: 10_000_000, status: 'open' };
    await uploadFile(fileOf(10_000_000), { type: 'documents', retryDelays: [] });
    expect(calls.map((c) => c.name)).toEqual(['uploadStatus', 'completeUpload']);
    expect(chunkCalls.map((c) => c.chunkId)).toEqual([1]);
  });

  it('sends again the chunks the server reports missing at completion, then completes', async () => {
    lostOnce = [1];
    const progress: number[] = [];
    const obj = await uploadFile(fileOf(15_000_000), { type: 'documents', retryDelays: [0], onProgress: (l) => progress.push(l) });
    expect(obj.id).toBe('obj-1');
    expect(chunkCalls.map((c) => c.chunkId)).toEqual([0, 1, 2, 1]);
    expect(calls.filter((c) => c.name === 'completeUpload')).toHaveLength(2);
    expect(progress.at(-1)).toBe(15_000_000);
  });

  it('abort cancels the upload on the server', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(uploadFile(fileOf(10), { type: 'documents', signal: ctl.signal, retryDelays: [] })).rejects.toThrow();
    // Asked for before the upload's promise is rejected.
    expect(calls.map((c) => c.name)).toContain('abortUpload');
  });
});
