import type { ChildProcess } from 'node:child_process';
import { waitUntil } from './wait-until';

/**
 * Production server processes that integration tests start themselves (`node server.mjs` in its own
 * process group): wait until one answers /api/ready, stop it and everything it started.
 */

/**
 * Resolves once `${base}/api/ready` answers 200 (what a balancer waits for: the database and the store
 * reachable); throws as soon as the process exits instead. Polled: the server announces readiness only there.
 * Called in a hook: it gives up after 100 s, under the integration projects' hook timeout of 120 s.
 */
export async function waitReady(base: string, child?: ChildProcess): Promise<void> {
  const outcome = await waitUntil(
    async () => {
      if (child && (child.exitCode !== null || child.signalCode !== null)) return { exited: child.exitCode ?? child.signalCode };
      try {
        return (await fetch(`${base}/api/ready`)).status === 200 && { exited: null };
      } catch {
        return false; // not listening yet
      }
    },
    { what: `the server at ${base} to be ready`, intervalMs: 100, hookGuardMs: 100_000 },
  );
  if (outcome.exited !== null) throw new Error(`the server exited with ${outcome.exited}`);
}

/** SIGTERM to the process group (spawned with `detached: true`), SIGKILL after 5 s; resolves on exit. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // gone
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * `uploadChunk` sent over HTTP with its body held back: the head and the first half go at once, the rest when
 * `finish()` is called — a request that stays in flight for as long as the test wants.
 */
export function heldChunk(base: string, accessToken: string, uploadId: string, chunkId: number, data: Uint8Array) {
  const boundary = `kalkulus${Math.random().toString(16).slice(2)}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('upload_id', uploadId) +
      field('chunk_id', String(chunkId)) +
      `--${boundary}\r\nContent-Disposition: form-data; name="data"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const half = Math.floor(data.length / 2);
  let out!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      out = c;
      c.enqueue(head);
      c.enqueue(data.subarray(0, half));
    },
  });
  const response = fetch(`${base}/file-manager-service/api/v1/uploadChunk`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${accessToken}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + data.length + tail.length),
    },
    body,
    duplex: 'half',
  } as RequestInit);
  return {
    response,
    finish() {
      out.enqueue(data.subarray(half));
      out.enqueue(tail);
      out.close();
    },
  };
}
