import fs from 'node:fs';

/**
 * The time this thread has run on a core, in ms (Linux: `/proc/thread-self/schedstat`, nanoseconds); null
 * elsewhere.
 */
export function threadCpuMs(): number | null {
  try {
    return Number(fs.readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/**
 * Runs `fn` while `probe` (a synchronous health check answering true) is polled every 10 ms on this thread, and
 * measures the longest time the thread's event loop was held: the longest gap between two answered polls.
 * A gap counts as the thread's own work only as far as the thread ran on a core in it — on a loaded machine
 * a thread also waits for a core, and that wait is the machine's, not the code's. Where the thread's run time
 * cannot be read, the whole gap counts.
 */
export async function whileWatched<T>(fn: () => Promise<T>, probe: () => boolean): Promise<{ result: T; ms: number; stall: number }> {
  let last = performance.now();
  let lastCpu = threadCpuMs();
  let stall = 0;
  const gap = (now: number) => {
    const cpu = threadCpuMs();
    const held = cpu === null || lastCpu === null ? now - last : Math.min(now - last, cpu - lastCpu);
    lastCpu = cpu;
    return held;
  };
  const timer = setInterval(() => {
    const ok = probe();
    const now = performance.now();
    if (ok) {
      stall = Math.max(stall, gap(now));
      last = now;
    }
  }, 10);
  const t0 = performance.now();
  try {
    const result = await fn();
    const end = performance.now();
    return { result, ms: end - t0, stall: Math.max(stall, gap(end)) };
  } finally {
    clearInterval(timer);
  }
}
