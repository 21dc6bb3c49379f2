// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf } from '@/lib/server/services/files/get-zip';
import type { TestUser } from '../../helpers/auth';
import { testDriver } from '../../helpers/db';
import { createHarness, get, upload, users, type FileObj, type Harness } from './harness';

/** Downloads answer the failure envelope when they refuse, and take the zip's bare `files?id1,id2` form. */
let h: Harness;
let a: TestUser;
let one: FileObj;
let two: FileObj;
beforeAll(async () => {
  h = await createHarness('disk');
  [a] = (await users(h.ctx, 1)) as [TestUser];
  one = await upload(h.ctx, a, 'один.txt', Buffer.from('первый файл'));
  two = await upload(h.ctx, a, 'два.txt', Buffer.from('второй файл'));
});
afterAll(async () => {
  await h.close();
});

describe(`file download answers (${testDriver()})`, () => {
  it('a range outside the file → 416 envelope with Content-Range', async () => {
    const res = await get(h.ctx, a, `file/${one.id}`, { range: 'bytes=100000-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe(`bytes */${Buffer.byteLength('первый файл')}`);
    expect(await res.json()).toEqual({ ok: false, code: 'RANGE_NOT_SATISFIABLE', msg: 'Запрошенный диапазон вне файла.' });
  });

  it('the zip takes ?ids=a,b, the bare ?a,b and the bare form as a router re-encodes it (?a%2Cb=)', async () => {
    for (const query of [`ids=${one.id},${two.id}`, `${one.id},${two.id}`, `${encodeURIComponent(`${one.id},${two.id}`)}=`]) {
      const res = await get(h.ctx, a, `files?${query}`);
      expect(res.status, query).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect(idsOf(new URL('http://x/files?a,b&link=t&grant=g'))).toEqual(['a', 'b']);
    expect(idsOf(new URL('http://x/files?link=t&a%2Cb%2Ca='))).toEqual(['a', 'b']);
    const none = await get(h.ctx, a, 'files?link=');
    expect(none.status).toBe(422);
    expect(await none.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
  });
});
