// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectWhenIdle, IDLE_COLLECT, logMemory, MEMORY_REPORT } from '../../../server.mjs';

type Hooks = { [IDLE_COLLECT]?: () => Promise<void>; [MEMORY_REPORT]?: () => Promise<Record<string, number>> };
const hooks = globalThis as Hooks;

/** The server's idle collection (server.mjs): its own heap, then the app's (the database's worker). */
describe('collection once idle, and the memory log', () => {
  let server: http.Server;
  let base = '';
  const events: string[] = [];

  beforeAll(async () => {
    hooks[IDLE_COLLECT] = async () => void events.push('app collects');
    hooks[MEMORY_REPORT] = async () => ({ dbHeap: 12.5 });
    server = http.createServer((_req, res) => res.end('ok'));
    collectWhenIdle(server, { idleMs: 100, after: (took) => events.push(`after ${typeof took.collectMs} ${typeof took.appCollectMs}`) });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    delete hooks[IDLE_COLLECT];
    delete hooks[MEMORY_REPORT];
    await new Promise((r) => server.close(r));
  });

  it("collects once after requests stop — the app's part too, then `after` — and not again while nothing happens", async () => {
    await (await fetch(base)).text();
    await expect.poll(() => events, { timeout: 3000, interval: 50 }).toEqual(['app collects', 'after number number']);
    await new Promise((r) => setTimeout(r, 1200));
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
