// The worker side of bounded-worker.ts: jobs `{id, task}` come in one at a time; each is answered by any number of
// `{id, part}` (what `send` is given) and then `{id, ok: true, value}` or `{id, ok: false, …}`. An error `shown`
// accepts is the user's (its message and class name go back); any other goes back as a detail for the log. Plain
// JavaScript with Node built-ins only, so that a worker runs it as it is.
import fs from 'node:fs';
import { parentPort } from 'node:worker_threads';

/**
 * Serves jobs with `handle(task, send)` (its value, or a promise of it, is the answer). `transfer(value)` lists the
 * buffers the answer hands over instead of copying (a file the job made).
 */
export function serveJobs(handle, { shown, transfer = () => [] }) {
  // The thread's id (Linux: /proc/thread-self → «<pid>/task/<tid>»), so that the pool can read the time this
  // thread itself ran; elsewhere null, and the pool counts time on the clock.
  let tid = null;
  try {
    tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    tid = null;
  }
  parentPort.postMessage({ tid });
  parentPort.on('message', async ({ id, task }) => {
    try {
      const value = await handle(task, (part) => parentPort.postMessage({ id, part }));
      parentPort.postMessage({ id, ok: true, value }, transfer(value));
    } catch (e) {
      const show = e instanceof Error && shown(e);
      parentPort.postMessage({
        id,
        ok: false,
        msg: show ? e.message : null,
        errorName: show ? e.name : null,
        detail: e instanceof Error ? (e.stack ?? e.message) : String(e),
      });
    }
  });
}
