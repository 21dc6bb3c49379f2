// Shared bench helpers: start the built app, wait for it, stop it, medians.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild, root } from '../scripts/lib/build.mjs';
import { freePort } from '../scripts/lib/free-port.mjs';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../scripts/lib/server-runtime.mjs';

export { root, freePort };

export function requireBuild() {
  if (!ensureBuild()) throw new Error('build failed');
}

export function tempDataDir(name) {
  const dir = path.join(root, '.tmp', `bench-${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Starts the app's server (server.mjs, as `npm start` does: its flags and environment from
 * scripts/lib/server-runtime.mjs) in its own process group.
 */
export function startServer({ port, dataDir, env = {} }) {
  // BENCH_SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): more Node flags for the server, to profile it.
  const nodeArgs = [...SERVER_NODE_ARGS, ...(process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'server.mjs')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...SERVER_ENV, ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'silent', ...env },
  });
  return child;
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    /* already gone */
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }, 5000);
  await exited;
  clearTimeout(timer);
}

/** Polls `url` every 10 ms until it answers 200; returns ms since `since`. */
export async function waitFor200(url, since, timeoutMs = 60_000) {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      /* not yet */
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} did not answer 200 in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
