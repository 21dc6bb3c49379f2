// @vitest-environment node
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { calculatorInputs, type CalculatorId, runCalculatorSchema } from '@/lib/schemas/calculators';
import { warmUp, WARM_UP_REQUESTS } from '../../../server-warm-up.mjs';

type Seen = { method?: string; url?: string; origin?: string; host?: string; encoding?: string; type?: string; body: string };

/** A listener that records what reaches it and answers with `answer(req)`. */
function recorder(answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => void res.end('ok')) {
  const seen: Seen[] = [];
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      const h = req.headers;
      seen.push({ method: req.method, url: req.url, origin: h.origin, host: h.host, encoding: h['accept-encoding'], type: h['content-type'], body });
      answer(req, res);
    });
  };
  return { seen, listener };
}

describe('the warm-up once the server listens', () => {
  it('sends the signed-out requests of a first visit, in order, twice, as a browser on the same origin does', async () => {
    const { seen, listener } = recorder();
    const { statuses, ms } = await warmUp(listener);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([...WARM_UP_REQUESTS, ...WARM_UP_REQUESTS].map((r) => `${r.method} ${r.path}`));
    expect(statuses).toEqual(Array(2 * WARM_UP_REQUESTS.length).fill(200));
    expect(ms).toBeGreaterThanOrEqual(0);
    for (const s of seen) {
      expect(s.host).toMatch(/^127\.0\.0\.1:\d+$/);
      expect(s.encoding).toContain('gzip');
      // Nothing signed in, nothing that could touch a user's data.
      expect(s.body).not.toMatch(/token|password/i);
    }
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts.length).toBeGreaterThan(0);
    for (const s of posts) {
      expect(s.origin).toBe(`http://${s.host}`);
      expect(s.type).toBe('application/json');
      expect(JSON.parse(s.body)).toMatchObject({ id: expect.any(String), input: expect.any(Object) });
    }
  });

  it('reports a failed answer and goes on; a request that hangs ends at the timeout; it never throws', async () => {
    const { seen, listener } = recorder((req, res) => {
      if (req.url === '/auth') return; // never answers
      res.statusCode = req.method === 'POST' ? 500 : 200;
      res.end();
    });
    // The hanging request's own limit, long enough that a stalled test process (timers run before the answers
    // waiting on their sockets) does not turn the prompt answers into timeouts too.
    const { statuses } = await warmUp(listener, { rounds: 1, timeoutMs: 2000 });
    const byPath = WARM_UP_REQUESTS.map((r, i) => [r.path, statuses[i]]);
    expect(byPath).toContainEqual(['/auth', 'timeout']);
    expect(byPath).toContainEqual(['/api/health', 200]);
    expect(byPath.filter(([p]) => p === '/api/v1/calculators/run').every(([, s]) => s === 500)).toBe(true);
    expect(seen).toHaveLength(WARM_UP_REQUESTS.length);
  });

  it('sends nothing more once the server stops, and says the stop ended it', async () => {
    const stop = new AbortController();
    const { seen, listener } = recorder((_req, res) => {
      stop.abort(); // the stop comes while the first request is answered
      res.end();
    });
    const { statuses, stopped } = await warmUp(listener, { signal: stop.signal });
    expect(seen).toHaveLength(1);
    expect(statuses).toEqual([200]);
    expect(stopped).toBe(true);
    expect((await warmUp(recorder().listener, { rounds: 1 })).stopped).toBe(false);
  });

  it("sends calculator inputs the calls accept (a refused one would warm up only the refusal)", () => {
    const runs = WARM_UP_REQUESTS.filter((r) => r.path === '/api/v1/calculators/run');
    expect(runs.length).toBeGreaterThan(0);
    for (const r of runs) {
      const call = runCalculatorSchema.parse(r.body);
      expect(calculatorInputs[call.id as CalculatorId].safeParse(call.input).success).toBe(true);
    }
  });

  it('leaves no port open once done', async () => {
    let port = 0;
    const { listener } = recorder((req, res) => {
      port = req.socket.localPort ?? 0;
      res.end();
    });
    await warmUp(listener, { rounds: 1 });
    expect(port).toBeGreaterThan(0);
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });
});
