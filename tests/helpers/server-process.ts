import type { ChildProcess } from 'node:child_process';

/**
 * Production server processes that integration tests start themselves (`node server.mjs` in its own
 * process group): wait until one answers /api/ready, stop it and everything it started.
 */

/** Resolves once `${base}/api/ready` answers 200; throws when the process exits first or after 100 s. */
export async function waitReady(base: string, child?: ChildProcess): Promise<void> {
  const until = Date.now() + 100_000;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`server at ${base} not ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
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
