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
