// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, IDLE_COLLECT, logMemory, MEMORY_REPORT } from '../../../server.mjs';

type Hooks = { [IDLE_COLLECT]?: () => Promise<void>; [MEMORY_REPORT]?: () => Promise<Record<string, number>> };
const hooks = globalThis as Hooks;

/**
 * The server's idle collection (server.mjs): its own heap, then the app's (the database's worker). Time is the
 * subject here, so the interval and the clock it reads are fake: the test says when a second has passed.
 */
describe('collection once idle, and the memory log', () => {
  let server: http.Server;
  let base = '';
  const events: string[] = [];
  let collected!: () => void;

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    hooks[IDLE_COLLECT] = async () => void events.push('app collects');
    hooks[MEMORY_REPORT] = async () => ({ dbHeap: 12.5 });
    server = http.createServer((_req, res) => res.end('ok'));
    collectWhenIdle(server, {
      idleMs: 100,
      after: (took) => {
        events.push(`after ${typeof took.collectMs} ${typeof took.appCollectMs}`);
        collected();
      },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    vi.useRealTimers();
    delete hooks[IDLE_COLLECT];
    delete hooks[MEMORY_REPORT];
    await new Promise((r) => server.close(r));
  });

  it("collects once after requests stop — the app's part too, then `after` — and not again while nothing happens", async () => {
    // The request's last sign of life for the idle clock is its answer closing on the server.
    const closed = new Promise<void>((r) => server.once('request', (_req, res: http.ServerResponse) => res.once('close', () => r())));
    await (await fetch(base)).text();
    await closed;
    expect(events).toEqual([]);

    const done = new Promise<void>((r) => (collected = r));
    await vi.advanceTimersByTimeAsync(1000); // the first check after the requests stopped
    await done;
    expect(events).toEqual(['app collects', 'after number number']);

    // Idle for a while longer: the checks go on, a collection does not (it would start within its check).
    await vi.advanceTimersByTimeAsync(5000);
    expect(events).toEqual(['app collects', 'after number number']);
  });

  it('logs one JSON line: resident memory, the heap by space, and what the app reports', async () => {
    const lines: string[] = [];
    await logMemory((l) => lines.push(l), { collectMs: 120 });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line).toMatchObject({ level: 'info', msg: 'memory', dbHeap: 12.5, collectMs: 120 });
    expect(line.rss).toBeGreaterThan(line.heapUsed);
    expect(line.spaces.old).toBeGreaterThan(0);
    expect(line.spaces.new).toBeGreaterThan(0);
  });
});
