// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/server/env';
import { instanceName, keyFingerprint, mismatchMessage } from '@/lib/server/instances';

describe('one release across instances (lib/server/instances)', () => {
  it('names an instance by its build id and a fingerprint of its Server Actions key, within 63 bytes', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const name = instanceName('0123456789abcdef0123456789abcdef01234567', keyFingerprint(key));
    expect(name).toMatch(/^kalkulus\/0123456789abcdef0123456789abcdef01234567\/[0-9a-f]{8}$/);
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(63);
    expect(name).not.toContain(key);
    expect(keyFingerprint(undefined)).toBe('-');
    expect(instanceName('a b/c', '-')).toBe('kalkulus/a_b_c/-');
  });

  it('says in Russian what differs: the build, the key or both', () => {
    const msg = mismatchMessage('kalkulus/abc/11111111', ['kalkulus/abc/22222222', 'kalkulus/def/11111111']);
    expect(msg).toContain('этот экземпляр: сборка abc');
    expect(msg).toContain('другой ключ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY');
    expect(msg).toContain('сборка def');
    expect(msg).toContain('APP_BUILD_ID');
  });

  it('checks APP_BUILD_ID and NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, never echoing the key', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(parseEnv({ APP_BUILD_ID: 'v1.2.3-abc', NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key }).APP_BUILD_ID).toBe('v1.2.3-abc');
    try {
      parseEnv({ APP_BUILD_ID: 'пробел и кириллица', NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: 'c2hvcnQ=' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const problems = (err as EnvError).problems.join('\n');
      expect(problems).toMatch(/APP_BUILD_ID: ожидается/);
      expect(problems).toMatch(/NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: ожидается ключ AES.*\(значение скрыто\)/);
      expect(problems).not.toContain('c2hvcnQ=');
    }
  });
});

describe('LOG_FORMAT', () => {
  it('is text by default, json when asked, and nothing else', () => {
    expect(parseEnv({}).LOG_FORMAT).toBe('text');
    expect(parseEnv({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => parseEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT: ожидается text или json/);
  });
});
