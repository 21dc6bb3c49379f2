import { chunkRange, type ChunkPlan } from '@/lib/domain/files/chunk-plan';
import { crc32, crc32Hex } from '@/lib/domain/files/crc32';
import type { FileObject, FileType } from '@/lib/schemas/files';
import type { CallInput, CallOutput } from '@/lib/contract';
import { ApiError, isApiError } from '../api-error';
import { call, SERVICE_BASE } from '../call';
import { refreshAccessToken } from '../refresh';
import { fingerprint, forgetUpload, rememberUpload, savedUpload } from './resume-store';
import { sendChunk } from './send-chunk';

const FILES_BASE = SERVICE_BASE.files;

export interface UploadOptions {
  type: FileType;
  /** Target folder; absent = top level (then `root` and `mode` are not sent at all). */
  root?: string | null;
  mode?: 'private' | 'public';
  metadata?: string;
  signal?: AbortSignal;
  /** Bytes confirmed or in flight, of `total`. */
  onProgress?: (loaded: number, total: number) => void;
  /** Called while waiting to retry after a network error (attempt number, delay ms). */
  onRetry?: (attempt: number, delayMs: number) => void;
  /** Waits between retries of one chunk; after the last one the upload fails (and can be resumed later). */
  retryDelays?: number[];
}

const DEFAULT_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000];

const isAbort = (e: unknown): boolean => e instanceof DOMException && e.name === 'AbortError';
/**
 * Worth retrying: no answer, a server failure, a restart, a chunk the server cut for arriving too slowly (a line
 * that stalled). Not: a 4xx the client must fix.
 */
const retryable = (e: unknown): boolean =>
  isApiError(e) && (e.status === 0 || e.status === 408 || e.status >= 500 || e.code === 'NOT_READY' || e.code === 'JWT_EXPIRED');

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(t);
        reject(new DOMException('Отменено', 'AbortError'));
      },
      { once: true },
    );
  });

/** SHA-256 hex of a blob (Web Crypto). */
async function sha256Hex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await blob.arrayBuffer()));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** CRC-32 hex of a blob (what the server answers for each chunk it stored). */
async function crc32Of(blob: Blob): Promise<string> {
  return crc32Hex(crc32(new Uint8Array(await blob.arrayBuffer())));
}

/** Files up to this size get a whole-file SHA-256 checked by the server; bigger ones are checked per chunk. */
const WHOLE_HASH_LIMIT = 64 * 1024 * 1024;

/**
 * Uploads one file with the file-manager upload protocol: createUpload → chunks in order → completeUpload. Each chunk's
 * CRC-32 answered by the server is compared with the local one (a mismatch re-sends it). Network errors are
 * retried; an upload remembered from before (same file, same folder) resumes from `uploadStatus`.
 * Abort through `signal` cancels the upload on the server too.
 */
export async function uploadFile(file: File, opts: UploadOptions): Promise<FileObject> {
  const fp = fingerprint(file, opts.root, opts.type);
  const delays = opts.retryDelays ?? DEFAULT_DELAYS;
  const report = (loaded: number) => opts.onProgress?.(Math.min(loaded, file.size), file.size);

  const retrying = async <T>(fn: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await fn();
      } catch (e) {
        if (isAbort(e) || opts.signal?.aborted || !retryable(e) || attempt >= delays.length) throw e;
        if (isApiError(e) && e.code === 'JWT_EXPIRED') {
          // The access token ran out mid-upload (chunks go by XHR, outside the shared client): refresh once.
          if (!(await refreshAccessToken())) throw e;
          continue;
        }
        const delay = delays[attempt] ?? 0;
        opts.onRetry?.(attempt + 1, delay);
        await sleep(delay, opts.signal);
      }
    }
  };

  let uploadId = savedUpload(fp);
  let plan: ChunkPlan | undefined;
  let received = new Set<number>();
  if (uploadId) {
    const saved = uploadId;
    try {
      const st = await retrying(() => call('files', 'uploadStatus', { upload_id: saved }, { signal: opts.signal }));
      if (st.status !== 'open' || st.size !== file.size) throw new Error('stale');
      plan = { size: st.size, chunks: st.chunks, chunkSize: st.chunk_size };
      received = new Set(st.received);
    } catch (e) {
      if (isAbort(e)) throw e;
      forgetUpload(fp);
      uploadId = undefined;
    }
  }
  if (!uploadId || !plan) {
    const body: CallInput<'files', 'createUpload'> = { name: file.name, type: opts.type, size: file.size };
    if (opts.root) {
      body.root = opts.root;
      if (opts.mode) body.mode = opts.mode;
    }
    if (opts.metadata) body.metadata = opts.metadata;
    if (file.size <= WHOLE_HASH_LIMIT) body.sha256 = await sha256Hex(file);
    const created = await retrying(() =>
      call('files', 'createUpload', body, { signal: opts.signal }),
    );
    uploadId = created.upload_id;
    plan = { size: file.size, chunks: created.chunks, chunkSize: created.chunk_size };
    rememberUpload(fp, uploadId);
  }
  const id = uploadId;
  const thePlan = plan;

  const abortOnServer = () => {
    forgetUpload(fp);
    void call('files', 'abortUpload', { upload_id: id }).catch(() => undefined);
  };
  try {
    let done = 0;
    for (const i of received) {
      const r = chunkRange(thePlan, i);
      done += r.end - r.start;
    }
    report(done);
    const stopIfAborted = () => {
      if (opts.signal?.aborted) throw new DOMException('Отменено', 'AbortError');
    };
    const sendMissing = async () => {
      for (let i = 0; i < thePlan.chunks; i++) {
        if (received.has(i)) continue;
        stopIfAborted();
        const r = chunkRange(thePlan, i);
        const blob = file.slice(r.start, r.end);
        const local = await crc32Of(blob);
        await retrying(async () => {
          const answer = await sendChunk(`${FILES_BASE}/uploadChunk`, id, i, blob, {
            signal: opts.signal,
            onProgress: (loaded) => report(done + loaded),
          });
          if (answer.crc32 !== local) {
            // Corrupted on the way: send it again.
            throw new ApiError('NETWORK_ERROR', 'Часть файла повреждена при передаче: отправляем её снова.', { status: 0 });
          }
        });
        received.add(i);
        done += r.end - r.start;
        report(done);
      }
    };
    let completed: CallOutput<'files', 'completeUpload'> | undefined;
    for (let round = 0; !completed; round++) {
      await sendMissing();
      stopIfAborted();
      try {
        completed = await retrying(() => call('files', 'completeUpload', { upload_id: id }, { signal: opts.signal }));
      } catch (e) {
        // The server lost some chunks (a restart, a damaged disk): send just those again, a few times at most.
        const missing = isApiError(e) && e.code === 'UPLOAD_INCOMPLETE' ? (e.body.missing as unknown) : undefined;
        if (round >= 2 || !Array.isArray(missing) || missing.length === 0) throw e;
        for (const m of missing) {
          if (typeof m !== 'number' || !received.delete(m)) continue;
          const r = chunkRange(thePlan, m);
          done -= r.end - r.start;
        }
        report(done);
      }
    }
    forgetUpload(fp);
    return completed.object;
  } catch (e) {
    if (isAbort(e) || opts.signal?.aborted) abortOnServer();
    throw e;
  }
}
