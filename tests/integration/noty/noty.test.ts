// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '@/lib/server/gateway/dispatch';
import { services } from '@/lib/server/gateway/services';
import { courseCompleted } from '@/lib/server/services/education/events';
import { revokeUserSessions, startSession } from '@/lib/server/services/auth/sessions';
import { sweepUploads } from '@/lib/server/services/files/sweep-uploads';
import { notify } from '@/lib/server/services/noty/notify';
import { STREAM_TIMING } from '@/lib/server/services/noty/stream';
import { createTestUser, type TestUser } from '../../helpers/auth';
import { createTestContext, type TestContext } from '../../helpers/context';
import { testDriver } from '../../helpers/db';
import { callProduct } from '../../helpers/product';
import { call, sendChunk, sha256 } from '../files/harness';
import { SseReader } from './sse';

const KEY = 'noty-service-key-for-tests-0123';
const BASE = 'http://localhost/noty';

/**
 * The notification service through the gateway on a real database: the service key, a user's own list and
 * read state, the stream (delivery, replay by Last-Event-ID, heartbeat, closing when the session ends).
 */
describe(`notifications (${testDriver()})`, () => {
  let ctx: TestContext;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext({ NOTY_SERVICE_KEY: KEY });
    [a, b] = await Promise.all([createTestUser(ctx), createTestUser(ctx)]);
  });
  afterAll(async () => {
    await ctx.destroy();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    dispatch(
      services.noty,
      new Request(`${BASE}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }),
      ctx,
    );
  const as = async (u: TestUser, name: string, body: unknown = {}) => {
    const res = await post(`api/v1/${name}`, body, u.headers);
    const json = (await res.json()) as Record<string, unknown>;
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json;
  };
  const send = async (body: Record<string, unknown>) => {
    const res = await post('private/send', body, { 'x-service-key': KEY });
    const json = (await res.json()) as { id: number };
    expect(res.status, JSON.stringify(json)).toBe(200);
    return json.id;
  };
  const stream = async (headers: Record<string, string>, query = '') => {
    const res = await dispatch(services.noty, new Request(`${BASE}/api/v1/stream${query}`, { headers }), ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toContain('no-transform');
    return new SseReader(res.body!);
  };

  it('send needs the service key (401), a known user (404) and a valid body (422)', async () => {
    const body = { login: a.user.email, kind: 'message', title: 'Привет' };
    for (const headers of [{} as Record<string, string>, { 'x-service-key': 'wrong-key' }, { 'x-service-key': KEY.slice(0, -1) }, { 'x-service-key': `${KEY}x` }]) {
      const res = await post('private/send', body, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });
    }
    // Without the key even a broken body is 401: a caller without it learns nothing of the call.
    expect((await post('private/send', { nonsense: 1 })).status).toBe(401);
    const unknown = await post('private/send', { ...body, login: 'нет-такого@example.ru' }, { 'x-service-key': KEY });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
    expect((await post('private/send', { ...body, login: undefined, userId: 'no-such-id' }, { 'x-service-key': KEY })).status).toBe(404);
    const bad = await post('private/send', { ...body, link: 'javascript:alert(1)' }, { 'x-service-key': KEY });
    expect(bad.status).toBe(422);
    expect((await bad.json()) as { fields: Record<string, string> }).toMatchObject({ fields: { link: expect.stringMatching(/Ссылка/) } });
    // A user's bearer is not a service key.
    expect((await post('private/send', body, a.headers)).status).toBe(401);
  });

  it('send without a configured key refuses every caller, an empty key included', async () => {
    const env = ctx.env as { NOTY_SERVICE_KEY?: string };
    env.NOTY_SERVICE_KEY = undefined;
    try {
      for (const key of ['', KEY]) {
        expect((await post('private/send', { userId: a.user.id, kind: 'message', title: 'x' }, { 'x-service-key': key })).status).toBe(401);
      }
    } finally {
      env.NOTY_SERVICE_KEY = KEY;
    }
  });

  it('a user lists only their own notifications, newest first, paged, with the unread count', async () => {
    const first = await send({ login: a.user.email.toUpperCase(), kind: 'message', title: 'Первое', body: 'Текст', link: '/files' });
    const second = await send({ userId: a.user.id, kind: 'message', title: 'Второе' });
    const third = await send({ userId: a.user.id, kind: 'message', title: 'Третье' });
    await send({ userId: b.user.id, kind: 'message', title: 'Чужое' });
    const page1 = (await as(a, 'list', { limit: 2 })) as { notifications: { id: number; title: string }[]; unread: number };
    expect(page1.notifications.map((n) => n.id)).toEqual([third, second]);
    expect(page1.unread).toBe(3);
    const page2 = (await as(a, 'list', { limit: 2, before: second })) as { notifications: Record<string, unknown>[] };
    expect(page2.notifications).toEqual([
      { id: first, kind: 'message', title: 'Первое', body: 'Текст', link: '/files', created_at: expect.stringMatching(/Z$/), read_at: null },
    ]);
    const others = (await as(b, 'list')) as { notifications: { title: string }[]; unread: number };
    expect(others.notifications.map((n) => n.title)).toEqual(['Чужое']);
    expect(others.unread).toBe(1);
    expect((await post('api/v1/list', {})).status).toBe(401);
  });

  it('markRead changes the caller’s own notifications only', async () => {
    const mine = ((await as(a, 'list')) as { notifications: { id: number }[] }).notifications;
    const theirs = ((await as(b, 'list')) as { notifications: { id: number }[] }).notifications;
    // B marking A's notification read changes nothing.
    expect(await as(b, 'markRead', { ids: [mine[0]!.id] })).toMatchObject({ unread: 1 });
    expect(await as(a, 'markRead', { ids: [mine[0]!.id, theirs[0]!.id] })).toMatchObject({ unread: mine.length - 1 });
    const unreadOnly = (await as(a, 'list', { unreadOnly: true })) as { notifications: { id: number }[] };
    expect(unreadOnly.notifications.map((n) => n.id)).toEqual(mine.slice(1).map((n) => n.id));
    const read = (await as(a, 'list')) as { notifications: { id: number; read_at: string | null }[] };
    expect(read.notifications[0]!.read_at).toMatch(/Z$/);
    expect(await as(a, 'markRead', { all: true })).toMatchObject({ unread: 0 });
    expect(await as(b, 'list')).toMatchObject({ unread: 1 });
    expect((await post('api/v1/markRead', {}, a.headers)).status).toBe(422);
  });

  it('the stream delivers the caller’s new notifications live, and nobody else’s', async () => {
    const sa = await stream({ authorization: a.headers.authorization! });
    const sb = await stream({ cookie: `accessToken=${encodeURIComponent(b.accessToken)}` });
    try {
      const id = await send({ userId: a.user.id, kind: 'message', title: 'Живое', body: 'сейчас', link: '/x' });
      const got = await sa.notification();
      expect(got.id).toBe(String(id));
      const listed = ((await as(a, 'list', { limit: 1 })) as { notifications: unknown[] }).notifications[0];
      expect(got.data).toEqual(listed);
      // The product's own notify() goes the same way. A stream gets its notifications in the order they were
      // sent, so B's first being its own shows that A's, sent before, never reached B.
      const viaNotify = await notify(ctx, b.user.id, 'share', 'С вами поделились папкой «Общая»', '', '/documents');
      expect((await sb.notification()).id).toBe(String(viaNotify));
      // …and A's next is the next of A's own, not B's.
      const next = await send({ userId: a.user.id, kind: 'message', title: 'Следующее' });
      expect((await sa.notification()).id).toBe(String(next));
    } finally {
      await Promise.all([sa.cancel(), sb.cancel()]);
    }
    const anonymous = await dispatch(services.noty, new Request(`${BASE}/api/v1/stream`), ctx);
    expect(anonymous.status).toBe(401);
  });

  it('Last-Event-ID replays exactly what was missed, then goes on live', async () => {
    let seen = await send({ userId: a.user.id, kind: 'message', title: 'Увиденное' });
    let missed1 = await send({ userId: a.user.id, kind: 'message', title: 'Пропущенное 1' });
    await send({ userId: b.user.id, kind: 'message', title: 'Чужое пропущенное' });
    let missed2 = await send({ userId: a.user.id, kind: 'message', title: 'Пропущенное 2' });
    for (const open of [() => stream({ ...a.headers, 'last-event-id': String(seen) }), () => stream(a.headers, `?lastEventId=${seen}`)]) {
      const s = await open();
      try {
        expect((await s.notification()).id).toBe(String(missed1));
        expect((await s.notification()).id).toBe(String(missed2));
        const live = await send({ userId: a.user.id, kind: 'message', title: 'После' });
        expect((await s.notification()).id).toBe(String(live));
        seen = live;
        await send({ userId: a.user.id, kind: 'message', title: 'Пропущенное 1' }).then((id) => (missed1 = id));
        await send({ userId: a.user.id, kind: 'message', title: 'Пропущенное 2' }).then((id) => (missed2 = id));
      } finally {
        await s.cancel();
      }
    }
  });

  it('a heartbeat comment keeps the stream alive; the stream ends when its session ends', async () => {
    const before = STREAM_TIMING.heartbeatMs;
    STREAM_TIMING.heartbeatMs = 150;
    const c = await createTestUser(ctx);
    const s = await stream(c.headers);
    const other = await stream(a.headers);
    try {
      let e = await s.next();
      while (e && !e.comment?.includes('ping')) e = await s.next();
      expect(e?.comment).toBe('ping');
      STREAM_TIMING.heartbeatMs = 60_000; // the end must come from the signal, not from a heartbeat's check
      const out = await dispatch(
        services.auth,
        new Request('http://localhost/auth-back/api/v2/logout', {
          method: 'POST',
          headers: c.headers,
          body: JSON.stringify({ refreshToken: c.refreshToken }),
        }),
        ctx,
      );
      expect(out.status).toBe(200);
      let last = await s.next();
      while (last && last.event !== 'end') last = await s.next();
      expect(last?.event).toBe('end');
      expect(await s.next()).toBeUndefined();
      // Another user's stream stays open.
      const id = await send({ userId: a.user.id, kind: 'message', title: 'Ещё живой' });
      expect((await other.notification()).id).toBe(String(id));
    } finally {
      STREAM_TIMING.heartbeatMs = before;
      await Promise.all([s.cancel(), other.cancel()]);
    }
  });

  it('a password reset (every session of the user ends) closes each of their streams', async () => {
    const c = await createTestUser(ctx);
    const second = await startSession(ctx, c.user, {});
    const streams = [await stream(c.headers), await stream({ authorization: `Bearer ${second.accessToken}` })];
    try {
      await revokeUserSessions(ctx, c.user.id, 'password_reset');
      for (const s of streams) {
        let last = await s.next();
        while (last && last.event !== 'end') last = await s.next();
        expect(last?.event).toBe('end');
      }
    } finally {
      await Promise.all(streams.map((s) => s.cancel()));
    }
  });

  it('notify() respects the kinds switched off in the profile', async () => {
    const c = await createTestUser(ctx);
    const settings = (await as(c, 'settings')) as { kinds: { kind: string; enabled: boolean; label: string }[] };
    expect(settings.kinds.every((k) => k.enabled && k.label)).toBe(true);
    expect(await as(c, 'saveSettings', { muted: ['share'] })).toMatchObject({ kinds: expect.arrayContaining([{ kind: 'share', label: expect.any(String), enabled: false }]) });
    expect(await notify(ctx, c.user.id, 'share', 'Не придёт')).toBeNull();
    expect(await notify(ctx, c.user.id, 'upload', 'Придёт')).toEqual(expect.any(Number));
    const listed = (await as(c, 'list')) as { notifications: { title: string }[] };
    expect(listed.notifications.map((n) => n.title)).toEqual(['Придёт']);
  });

  describe('the product’s own events', () => {
    type Body = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const titles = async (u: TestUser) => ((await as(u, 'list')) as { notifications: { kind: string; title: string; body: string; link: string }[] }).notifications;
    const product = async (u: TestUser, path: string, body: unknown) => {
      const r = await callProduct<Body>(ctx, u, path, body);
      expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
      return r.body;
    };
    const files = async (u: TestUser, name: string, body: unknown) => {
      const res = await dispatch(
        services.files,
        new Request(`http://localhost/file-manager-service/api/v1/${name}`, { method: 'POST', headers: u.headers, body: JSON.stringify(body) }),
        ctx,
      );
      const json = (await res.json()) as Body;
      expect(res.status, JSON.stringify(json)).toBe(200);
      return json;
    };
    const doc = (name: string, specId?: string, processSetId?: string) => ({
      schemaVersion: 1,
      name,
      unit: 'шт',
      outputQty: '1',
      ...(processSetId ? { processSetId } : {}),
      materials: [specId ? { id: 'm', name: 'Каркас', unit: 'шт', qty: '1', specId, article: 'purchased' } : { id: 'm', name: 'Брус', unit: 'м', qty: '2', price: '100' }],
      operations: [],
    });

    it('a folder shared with a user; a specification they use changed upstream', async () => {
      const owner = await createTestUser(ctx);
      const reader = await createTestUser(ctx);
      const folder = (await files(owner, 'createFolder', { name: 'Общая', type: 'specifications' })).object as { id: string };
      const child = (await product(owner, 'specs/create', { doc: doc('Каркас'), root: folder.id })).id as string;
      await files(owner, 'shareFile', { id: folder.id, login: reader.user.email, access: 'read' });
      expect(await titles(reader)).toEqual([
        { kind: 'share', title: 'С вами поделились папкой «Общая»', body: `Владелец: ${owner.user.email}. Доступ: только просмотр.`, link: `/specifications/folder/${folder.id}`, id: expect.any(Number), created_at: expect.any(String), read_at: null },
      ]);
      // The reader takes the shared specification as a semi-finished good; the owner changes it.
      const parent = (await product(reader, 'specs/create', { doc: doc('Стол', child) })).id as string;
      await product(owner, 'specs/save', { id: child, doc: doc('Каркас стола') });
      const [stale] = await titles(reader);
      expect(stale).toMatchObject({ kind: 'spec_stale', title: 'Цены устарели: изменилась спецификация «Каркас стола»', link: `/specifications/create/${parent}` });
      expect(stale!.body).toContain('«Стол»');
      // The owner is not told about their own change.
      expect((await titles(owner)).map((n) => n.kind)).toEqual([]);
    });

    it('an upload finished (once), one whose bytes came broken, one abandoned and swept', async () => {
      const u = await createTestUser(ctx);
      const bytes = Buffer.from('смета на стол');
      const created = (await files(u, 'createUpload', { name: 'Смета.txt', type: 'documents', size: bytes.length, sha256: sha256(bytes) })) as { upload_id: string };
      await sendChunk(ctx, u, created.upload_id, 0, bytes);
      const done = (await files(u, 'completeUpload', { upload_id: created.upload_id })) as { object: { id: string } };
      expect(await titles(u)).toMatchObject([{ kind: 'upload', title: 'Файл «Смета.txt» загружен', body: '', link: `/file/${done.object.id}` }]);
      await files(u, 'completeUpload', { upload_id: created.upload_id }); // a repeated completion tells nothing new
      await as(u, 'markRead', { all: true });

      const broken = (await files(u, 'createUpload', { name: 'Битый.txt', type: 'documents', size: bytes.length, sha256: 'a'.repeat(64) })) as { upload_id: string };
      await sendChunk(ctx, u, broken.upload_id, 0, bytes);
      const refused = await call(ctx, u, 'completeUpload', { upload_id: broken.upload_id });
      expect(refused.body).toMatchObject({ ok: false, code: 'CHECKSUM_MISMATCH' });
      const [failed] = await titles(u);
      expect(failed).toMatchObject({ kind: 'upload', title: 'Файл «Битый.txt» не загружен', body: refused.body.msg, link: '', read_at: null });

      await files(u, 'abortUpload', { upload_id: broken.upload_id }); // the user gave up on it: nothing more to tell

      await files(u, 'createUpload', { name: 'Брошенный.txt', type: 'documents', size: 3 });
      await sweepUploads(ctx, new Date(Date.now() + (ctx.env.UPLOAD_IDLE_HOURS + 1) * 3600_000));
      expect((await titles(u))[0]).toMatchObject({ kind: 'upload', title: 'Загрузка файла «Брошенный.txt» не завершена', body: expect.stringMatching(/^Файл не догружался \d+ час.* и удалён/) });
      expect((await titles(u)).map((n) => n.title)).toEqual([
        'Загрузка файла «Брошенный.txt» не завершена',
        'Файл «Битый.txt» не загружен',
        'Файл «Смета.txt» загружен',
      ]);
    });

    it('a process set changed: its specifications need recalculation', async () => {
      const u = await createTestUser(ctx);
      const steps = [{ id: 's1', name: 'Резка', time: '6', timeUnit: 'мин', rate: '600' }];
      const set = (await product(u, 'business-processes/save', { name: 'Сборка', steps })).set as { id: string; version: number };
      expect(await titles(u)).toEqual([]); // a new set: nothing uses it
      const spec = (await product(u, 'specs/create', { doc: doc('Табурет', undefined, set.id) })).id as string;
      await product(u, 'business-processes/save', { id: set.id, version: set.version, name: 'Сборка', steps: [{ ...steps[0], time: '7' }] });
      expect(await titles(u)).toMatchObject([
        { kind: 'process_changed', title: 'Изменился набор процессов «Сборка»', body: 'Требует пересчёта: «Табурет».', link: `/specifications/create/${spec}` },
      ]);
    });

    it('a sign-in from a browser not seen before; a course completed', async () => {
      const u = await createTestUser(ctx);
      const chrome = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
      await startSession(ctx, u.user, { userAgent: chrome, ip: '203.0.113.5' }); // the first browser: nothing to tell
      await startSession(ctx, u.user, { userAgent: chrome.replace('131.0.0.0', '132.0.1.2') }); // an update: the same
      expect(await titles(u)).toEqual([]);
      await startSession(ctx, u.user, { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', ip: '198.51.100.7' });
      expect(await titles(u)).toMatchObject([{ kind: 'new_device', title: 'Вход с нового устройства', body: 'Safari, iOS. Адрес: 198.51.100.7. Если это были не вы, смените пароль.' }]);
      await as(u, 'markRead', { all: true });
      await import('@/lib/server/services/noty/calls');
      await courseCompleted(ctx, { userId: u.user.id, courseId: 'basics', courseTitle: 'Основы себестоимости', completedAt: new Date() });
      expect((await titles(u))[0]).toMatchObject({ kind: 'course_done', title: 'Курс «Основы себестоимости» пройден', link: '/education/basics' });
    });
  });
});
