// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import type { ServiceDef } from '@/lib/server/gateway/types';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';

/**
 * The standard «bad input gets a clear Russian message and a 4xx, never a 500» over every embedded call:
 * each POST call of every embedded service gets bodies of the wrong shape (signed in and signed out),
 * and must answer a 4xx with the `{ok:false, msg, code}` envelope and a Russian `msg` — no 500, no stack.
 */
const BODIES: unknown[] = [
  [],
  null,
  'строка',
  42,
  { id: {}, ids: 'не массив', name: ['x'], upload_id: 12, version: 'первая', login: 7, password: null },
  { id: 'x'.repeat(5000), name: '\u0000'.repeat(10), root: -1, limit: 1e9, offset: -5, amount: '1e400' },
  { spec: { materials: 'много' }, params: { batchQty: '-1', shop: { pct: 'сто' } }, calcId: 'нет-такого', input: [] },
];

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  user = await createTestUser(ctx);
});
afterAll(async () => {
  await ctx.destroy();
});

const postCalls = (svc: ServiceDef) =>
  Object.entries(svc.table)
    .filter(([key, def]) => (def.method ?? 'POST') === 'POST' && def.body !== 'raw' && !key.includes(':'))
    .map(([key]) => key);

describe(`bad input never gives a 500 (${testDriver()})`, () => {
  // A service whose table is still empty (notifications, until its issue) has nothing to ask.
  for (const svc of Object.values(services).filter((x) => Object.keys(x.table).length > 0)) {
    it(`${svc.name}: every call answers a Russian 4xx to bodies of the wrong shape`, async () => {
      const calls = postCalls(svc);
      expect(calls.length).toBeGreaterThan(0);
      const bad: string[] = [];
      for (const call of calls) {
        for (const body of BODIES) {
          for (const who of [user, null]) {
            const res = await dispatch(
              svc,
              new Request(`http://localhost${svc.base}/${call}`, {
                method: 'POST',
                headers: who ? who.headers : { 'content-type': 'application/json' },
                body: JSON.stringify(body),
              }),
              ctx,
            );
            const text = await res.text();
            let answer: { ok?: unknown; msg?: unknown; code?: unknown } = {};
            try {
              answer = JSON.parse(text) as typeof answer;
            } catch {
              /* judged below */
            }
            const where = `${call} ${who ? 'signed in' : 'signed out'} ${JSON.stringify(body).slice(0, 60)}`;
            if (res.status >= 500) bad.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
            else if (res.status >= 400) {
              if (answer.ok !== false || typeof answer.code !== 'string' || typeof answer.msg !== 'string' || !/[а-яё]/i.test(answer.msg)) {
                bad.push(`${where}: ${res.status} without a Russian envelope: ${text.slice(0, 200)}`);
              }
              if (/\n\s+at /.test(text)) bad.push(`${where}: a stack trace in the answer`);
            }
          }
        }
      }
      expect(bad).toEqual([]);
    }, 120_000);
  }
});
