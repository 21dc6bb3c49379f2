// @vitest-environment node
import os from 'node:os';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as health } from '@/app/api/health/route';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import type { CallDef, ServiceDef } from '@/lib/server/gateway/types';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { hostileQuery, hostileSegment, jsonBody, rawBody, type BodyShape } from '../../helpers/hostile';
import { ensureEducationContent } from '@/lib/server/services/education/content-sync';

/**
 * Fuzz over every call of every embedded service, walked from the gateway's call tables (a new call is fuzzed
 * without touching this file): generated hostile bodies, queries and path ids (tests/helpers/hostile.ts), signed
 * in and signed out. Every refusal must be a 4xx failure envelope with a Russian `msg`; no 5xx; no call over
 * 2 s; and the process keeps answering /api/health within 200 ms throughout (a poller measures how late it is
 * served). Each run (on each database) sends 2 000 requests: half from a fixed seed, the same inputs every time
 * (what once failed stays covered), half from a new seed printed with the result, so runs add up to new inputs.
 * FUZZ_SEED repeats a run with that one seed; FUZZ_CALLS sets the number of requests (5 000 or more for a
 * deeper search by hand).
 */
const TOTAL = Number(process.env.FUZZ_CALLS ?? 2000);
const FIXED_SEED = 170_417;
const SEEDS = process.env.FUZZ_SEED ? [Number(process.env.FUZZ_SEED)] : [FIXED_SEED, Date.now() % 2 ** 31];
const CALL_MS = 2000;
/**
 * Health must be served within 200 ms of wall time on a machine to itself; on a machine running more threads
 * than it has cores (the whole suite in parallel, other jobs) this process gets a share of a core, and the
 * bound grows by the run queue per core (the 1-minute load average), never shrinks.
 */
const HEALTH_MS = 200 * Math.max(1, os.loadavg()[0]! / os.cpus().length);
/** Calls that end the signed-in user's own session are fuzzed signed out only. */
const SIGNED_OUT_ONLY = new Set(['auth logout']);

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ AUTH_RATE_LIMIT_SCALE: '1000' });
  // The server loads the shipped courses at start-up, before its first request (lib/server/startup.ts).
  await ensureEducationContent(ctx);
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

interface Target {
  service: ServiceDef;
  key: string;
  def: CallDef;
}

const targets = (): Target[] =>
  Object.values(services).flatMap((service) => Object.entries(service.table).map(([key, def]) => ({ service, key, def })));

/** The field names of a call's schema (an object schema's keys), so missing and mistyped fields are its own. */
function fieldsOf(def: CallDef): string[] {
  const shape = (def.input as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

interface Shot {
  path: string;
  method: string;
  body?: BodyShape;
  signedIn: boolean;
}

/** Generated requests for one call: its path (hostile ids for `:params`), its method, a hostile body or query. */
function shots(t: Target, n: number, seed: number): Shot[] {
  const method = t.def.method ?? 'POST';
  const fields = fieldsOf(t.def);
  const path = fc.tuple(...t.key.split('/').map((part) => (part.startsWith(':') ? hostileSegment : fc.constant(part))));
  const signedIn = SIGNED_OUT_ONLY.has(`${t.service.name} ${t.key}`) ? fc.constant(false) : fc.nat(9).map((n) => n < 7);
  const wrongMethod = fc.nat(9).map((n) => n === 0);
  const input: fc.Arbitrary<{ query?: string; body?: BodyShape }> =
    method === 'GET'
      ? hostileQuery(fields).map((query) => ({ query }))
      : (t.def.body === 'raw' ? rawBody : jsonBody(fields.length ? fields : ['x'])).map((body) => ({ body }));
  return fc.sample(fc.record({ parts: path, input, signedIn, wrongMethod }), { numRuns: n, seed }).map((s) => {
    const base = `${t.service.base}/${s.parts.join('/')}`;
    // One request in ten asks with the other method (405 must be an envelope too).
    const asked = s.wrongMethod ? (method === 'GET' ? 'POST' : 'GET') : method;
    if (s.input.query !== undefined) return { path: `${base}?${s.input.query}`, method: asked, signedIn: s.signedIn };
    return { path: base, method: asked, body: s.wrongMethod ? undefined : s.input.body, signedIn: s.signedIn };
  });
}

async function fire(t: Target, shot: Shot): Promise<{ status: number; text: string; ms: number }> {
  const headers: Record<string, string> = {};
  if (shot.signedIn) headers.authorization = `Bearer ${user.accessToken}`;
  if (shot.body?.contentType) headers['content-type'] = shot.body.contentType;
  const started = performance.now();
  const res = await dispatch(
    t.service,
    new Request(`http://localhost${shot.path}`, { method: shot.method, headers, body: shot.method === 'GET' ? undefined : (shot.body?.text ?? '') }),
    ctx,
  );
  // An open event stream (the notifications' `stream`) never ends by itself: its answer is judged by its head.
  if (res.ok && res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return { status: res.status, text: '', ms: performance.now() - started };
  }
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

/** Polls /api/health every 20 ms; its lateness is how long a request for it would have waited (and behind which call). */
function healthWatch(current: () => string) {
  let worst = 0;
  let during = '';
  let polls = 0;
  let expected = performance.now() + 20;
  const timer = setInterval(() => {
    void (async () => {
      const late = performance.now() - expected;
      const started = performance.now();
      await (await health()).text();
      const waited = late + performance.now() - started;
      if (waited > worst) [worst, during] = [waited, current()];
      polls++;
      expected = performance.now() + 20;
    })();
  }, 20);
  return { stop: () => clearInterval(timer), result: () => ({ worst, polls, during }) };
}

const RUSSIAN = /[а-яё]/i;

describe(`fuzz: every call with hostile input (${testDriver()})`, () => {
  it(`${TOTAL} generated requests: a Russian 4xx envelope or success, never a 5xx, none slow, health always served`, async () => {
    const all = targets();
    expect(all.length).toBeGreaterThan(50);
    const perCall = Math.ceil(TOTAL / SEEDS.length / all.length);
    const bad: string[] = [];
    const statuses = new Map<number, number>();
    let calls = 0;
    let slowest = { ms: 0, where: '' };
    let inFlight = '';
    const watch = healthWatch(() => inFlight);
    try {
      // Each call gets its own seed from each run seed (seed + the call's place in the tables).
      for (const [seed, t] of SEEDS.flatMap((s) => all.map((t, i) => [s + i, t] as const))) {
        for (const shot of shots(t, perCall, seed)) {
          inFlight = `${t.service.name} ${t.key}`;
          const { status, text, ms } = await fire(t, shot);
          // Requests arrive from the network: between two, the event loop turns (timers, the health poller).
          await new Promise((r) => setImmediate(r));
          calls++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          const where = `${t.service.name} ${shot.method} ${shot.path.slice(0, 80)} ${shot.signedIn ? 'signed in' : 'signed out'} ${shot.body?.note ?? ''} ${shot.body?.contentType ?? ''} ${(shot.body?.text ?? '').slice(0, 80)}`;
          if (ms > slowest.ms) slowest = { ms, where };
          if (ms > CALL_MS) bad.push(`${where}: ${Math.round(ms)} ms`);
          if (status >= 500) bad.push(`${where}: ${status} ${text.slice(0, 200)}`);
          else if (status >= 400) {
            let answer: { ok?: unknown; msg?: unknown; code?: unknown } = {};
            try {
              answer = JSON.parse(text) as typeof answer;
            } catch {
              /* judged below */
            }
            if (answer.ok !== false || typeof answer.code !== 'string' || typeof answer.msg !== 'string' || !RUSSIAN.test(answer.msg)) {
              bad.push(`${where}: ${status} without a Russian envelope: ${text.slice(0, 200)}`);
            }
          }
          if (bad.length >= 30) break;
        }
        if (bad.length >= 30) break;
      }
    } finally {
      watch.stop();
    }
    const { worst, polls, during } = watch.result();
    const summary = `seeds ${SEEDS.join(', ')}: ${calls} requests to ${all.length} calls, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}, slowest ${Math.round(slowest.ms)} ms (${slowest.where.slice(0, 120)}), health polled ${polls}×, worst ${Math.round(worst)} ms (after ${during}; bound ${Math.round(HEALTH_MS)} ms at load ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`;
    console.info(`fuzz (${testDriver()}) ${summary}`);
    expect(bad, summary).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(TOTAL);
    expect(worst, summary).toBeLessThan(HEALTH_MS);
  }, 120_000);
});
