// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { nestingDepth, parseJsonBody, readBodyText } from '@/lib/server/gateway/body';
import { matchCall, segmentsBelow } from '@/lib/server/gateway/match';
import type { CallTable } from '@/lib/server/gateway/types';

const h = { handle: () => ({}) };
const table: CallTable = { login: h, 'file/:id': h, files: h, 'api/v1/list': h, 'private/send': h, 'file/special': h };

describe('gateway routing', () => {
  it('matches literal keys first, then parameters', () => {
    expect(matchCall(table, ['login'])?.key).toBe('login');
    expect(matchCall(table, ['file', 'special'])?.key).toBe('file/special');
    expect(matchCall(table, ['file', '42'])).toMatchObject({ key: 'file/:id', params: { id: '42' } });
    expect(matchCall(table, ['api', 'v1', 'list'])?.key).toBe('api/v1/list');
    expect(matchCall(table, ['file'])).toBeUndefined();
    expect(matchCall(table, ['file', '1', '2'])).toBeUndefined();
    expect(matchCall(table, ['toString'])).toBeUndefined();
    expect(matchCall(table, ['constructor'])).toBeUndefined();
  });

  it('cuts the service base off the path and decodes segments', () => {
    expect(segmentsBelow('/auth-back/api/v2/login', '/auth-back/api/v2')).toEqual(['login']);
    expect(segmentsBelow('/auth-back/api/v2', '/auth-back/api/v2')).toEqual([]);
    expect(segmentsBelow('/noty/private//send/', '/noty')).toEqual(['private', 'send']);
    expect(segmentsBelow('/file-manager-service/api/v1/file/%D1%84', '/file-manager-service/api/v1')).toEqual(['file', 'ф']);
    expect(segmentsBelow('/auth-back/api/v22/login', '/auth-back/api/v2')).toBeNull();
    expect(segmentsBelow('/x/%E0%A4%A', '/x')).toBeNull();
  });
});

describe('call bodies', () => {
  it('parses objects, refuses everything else', () => {
    const json = 'application/json';
    expect(parseJsonBody('', json)).toEqual({});
    expect(parseJsonBody(' {"a":1} ', 'application/json; charset=utf-8')).toEqual({ a: 1 });
    expect(parseJsonBody('{"a":1}', 'application/merge-patch+json')).toEqual({ a: 1 });
    for (const bad of ['{', '[]', 'null', '1', '"s"']) expect(() => parseJsonBody(bad, json)).toThrow(/JSON/);
  });

  it('refuses nesting deeper than 64 before parsing, counting brackets outside strings only', () => {
    const deep = (n: number) => '{"a":' + '['.repeat(n) + ']'.repeat(n) + '}';
    expect(parseJsonBody(deep(63), 'application/json')).toBeTruthy();
    expect(() => parseJsonBody(deep(64), 'application/json')).toThrow(/вложенность/);
    // Refused by the bracket count, which stops past the limit, before JSON.parse builds anything.
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(() => parseJsonBody(deep(400_000), 'application/json')).toThrow(/вложенность/);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect(nestingDepth(deep(400_000), 64)).toBe(65);
    expect(nestingDepth('{"a":"[[[[\\"[[[","b":[{}]}', 10)).toBe(3);
    expect(nestingDepth('{"a":"\\\\",  "b":[[1]]}', 10)).toBe(3);
    expect(nestingDepth('[[[', 2)).toBe(3);
  });

  it('refuses a body not declared JSON (415), an empty one is fine whatever its type', () => {
    for (const type of [null, 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonp', 'text/json']) {
      expect(() => parseJsonBody('{"a":1}', type)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE' }));
    }
    expect(parseJsonBody('', 'text/plain')).toEqual({});
  });

  it('reads UTF-8 text up to a limit', async () => {
    const req = new Request('http://x/', { method: 'POST', body: '{"name":"Ёлка"}' });
    expect(await readBodyText(req, 100)).toBe('{"name":"Ёлка"}');
    await expect(readBodyText(new Request('http://x/', { method: 'POST', body: 'x'.repeat(101) }), 100)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    await expect(
      readBodyText(new Request('http://x/', { method: 'POST', body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]) }), 100),
    ).rejects.toMatchObject({ code: 'BAD_JSON' });
  });
});
