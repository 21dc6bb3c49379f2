// @vitest-environment node
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { notify } from '@/lib/server/services/noty/notify';
import { openStreams, STREAM_LIMITS } from '@/lib/server/services/noty/stream-limits';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { waitUntil } from '../../helpers/wait-until';
import { SseReader, type SseEvent } from './sse';

const STREAM = 'http://localhost/noty/api/v1/stream';

/**
 * Open notification streams are bounded: a user's streams in a process (the oldest ends with `event: end` when
 * one more opens) and the process's (503 `BUSY` with Retry-After when full). Through the gateway, on a real database.
 */
describe(`notification stream limits (${testDriver()})`, () => {
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;
  const readers: SseReader[] = [];
  const saved = { ...STREAM_LIMITS };

  beforeAll(async () => {
    ctx = await createTestContext();
    [a, b] = await Promise.all([createTestUser(ctx), createTestUser(ctx)]);
  });
  afterEach(async () => {
    Object.assign(STREAM_LIMITS, saved);
    await Promise.all(readers.splice(0).map((r) => r.cancel()));
  });
  afterAll(async () => {
    await ctx.destroy();
  });

  const open = (u: TestUser) => dispatch(services.noty, new Request(STREAM, { headers: u.headers }), ctx);
  /** A stream that answered 200, read past its greeting (`retry` and `: connected`). */
  const stream = async (u: TestUser) => {
    const res = await open(u);
    expect(res.status).toBe(200);
    const r = new SseReader(res.body!);
    readers.push(r);
    expect((await r.next())?.comment).toBe('connected');
    return r;
  };
  /** Events up to the stream's end (heartbeats aside). */
  const untilEnd = async (r: SseReader) => {
    const seen: SseEvent[] = [];
    for (let e = await r.next(); e; e = await r.next()) if (e.comment !== 'ping') seen.push(e);
    return seen;
  };

  it('a user’s eleventh stream ends their oldest with `event: end`; the others, and other users’, stay live', async () => {
    expect(STREAM_LIMITS.perUser).toBe(10);
    const theirs = await stream(b);
    const mine: SseReader[] = [];
    for (let i = 0; i < 10; i++) mine.push(await stream(a));
    expect(openStreams(a.user.id)).toBe(10);
    const newest = await stream(a);
    expect(await untilEnd(mine[0]!)).toEqual([{ event: 'end', data: '{}' }]);
    expect(openStreams(a.user.id)).toBe(10);
    // Another one: the next oldest goes, the first of them is gone already.
    const newer = await stream(a);
    expect(await untilEnd(mine[1]!)).toEqual([{ event: 'end', data: '{}' }]);
    expect(openStreams(a.user.id)).toBe(10);
    // The streams still open get what is sent; another user's stream was never touched.
    await notify(ctx, a.user.id, 'share', 'Вам открыли папку «Сметы»');
    await notify(ctx, b.user.id, 'share', 'Вам открыли папку «Счета»');
    for (const r of [mine[2]!, mine[9]!, newest, newer]) expect((await r.notification()).data).toMatchObject({ title: 'Вам открыли папку «Сметы»' });
    expect((await theirs.notification()).data).toMatchObject({ title: 'Вам открыли папку «Счета»' });
    expect(openStreams(b.user.id)).toBe(1);
  });

  it('a full process refuses a stream with 503 BUSY and Retry-After; a closed stream frees its place', async () => {
    STREAM_LIMITS.perProcess = openStreams() + 2;
    const first = await stream(a);
    await stream(b);
    const refused = await open(a);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(STREAM_LIMITS.retryAfterSeconds));
    expect(await refused.json()).toEqual({ ok: false, code: 'BUSY', msg: expect.stringMatching(/^Сервер держит слишком много открытых уведомлений\. Попробуйте через \d+ с\.$/) });
    // The refusal ended nobody's stream (the user's own included).
    await notify(ctx, a.user.id, 'share', 'Ещё одна папка');
    expect((await first.notification()).data).toMatchObject({ title: 'Ещё одна папка' });
    const before = openStreams();
    await first.cancel();
    await waitUntil(() => openStreams() < before, { what: 'the cancelled stream to give its place back' });
    await stream(a);
  });
});
