// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { threadCpuMs, whileWatched } from '../../helpers/loop-watch';

/** Holds this thread's loop for `ms` of its own run time. */
function spin(ms: number) {
  const t0 = threadCpuMs() ?? 0;
  const w0 = performance.now();
  while ((threadCpuMs() ?? (performance.now() - w0)) - t0 < ms);
}

describe('the event-loop watch of the hostile-file tests', () => {
  it('counts a hold of the loop by the code (its run time), and not an await', async () => {
    const held = await whileWatched(async () => {
      await new Promise((r) => setImmediate(r));
      spin(250);
    }, () => true);
    expect(held.stall).toBeGreaterThanOrEqual(240);
    let polls = 0;
    const idle = await whileWatched(() => new Promise<void>((resolve) => {
      const t = setInterval(() => { if (++polls >= 5) { clearInterval(t); resolve(); } }, 10);
    }), () => true);
    expect(idle.stall).toBeLessThan(100);
  });
});
