// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '@/lib/server/env';

const problemsOf = (vars: Record<string, string>): string[] => {
  try {
    parseEnv(vars);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
};

describe('configuration (lib/server/env)', () => {
  it('defaults to the embedded everything', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.dataDir).toBe(path.resolve('./data'));
    expect(env.database).toBe('pglite');
    expect(env.storage).toBe('disk');
    expect(env.PRODUCT_NAME).toBe('Калькулус');
    expect(env.AUTH_BACK_URL).toBeUndefined();
    expect(env.REQUIRE_EMAIL_CONFIRMATION).toBe(false);
    expect(env.UPLOAD_IDLE_HOURS).toBe(24);
    expect(env.MEMORY_LOG).toBe('0');
  });

  it('treats empty values as unset and reads the rest', () => {
    const env = parseEnv({
      PORT: '8080',
      DATA_DIR: '/srv/kalkulus',
      DATABASE_URL: 'postgres://app:pw@db:5432/kalkulus',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'kalkulus-files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
      AUTH_BACK_URL: '',
      REQUIRE_EMAIL_CONFIRMATION: 'true',
      MEMORY_LOG: '1',
    });
    expect(env).toMatchObject({ PORT: 8080, dataDir: '/srv/kalkulus', database: 'postgres', storage: 's3', S3_FORCE_PATH_STYLE: false });
    expect(env.AUTH_BACK_URL).toBeUndefined();
    expect(env.REQUIRE_EMAIL_CONFIRMATION).toBe(true);
    expect(env.MEMORY_LOG).toBe('1');
  });

  it('lists every wrong value at once, in Russian, with how to fix it', () => {
    const problems = problemsOf({
      PORT: '99999',
      DATABASE_URL: 'mysql://root@db/app',
      AUTH_BACK_URL: 'auth.example.ru',
      REQUIRE_EMAIL_CONFIRMATION: 'может быть',
      S3_BUCKET: 'files',
    });
    const keys = problems.map((p) => p.split(':')[0]).sort();
    expect(keys).toEqual(['AUTH_BACK_URL', 'DATABASE_URL', 'PORT', 'REQUIRE_EMAIL_CONFIRMATION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
    expect(problems.find((p) => p.startsWith('PORT'))).toBe('PORT: ожидается номер порта от 1 до 65535 (сейчас: «99999»)');
    expect(problems.find((p) => p.startsWith('AUTH_BACK_URL'))).toContain('https://auth.example.ru/auth-back/api/v2');
  });

  it('never echoes secret values', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/app', TELEGRAM_BOT_TOKEN: 'hunter3' });
    expect(problems.join('\n')).not.toMatch(/hunter/);
    expect(problems.join('\n')).toContain('значение скрыто');
  });

  it('wants paired keys together', () => {
    expect(problemsOf({ YANDEX_CLIENT_ID: 'x' })).toEqual(['YANDEX_CLIENT_SECRET: нужно задать вместе с YANDEX_CLIENT_ID']);
    expect(problemsOf({ CAPTCHA_PROVIDER: 'smartcaptcha', CAPTCHA_SITE_KEY: 'k' })[0]).toMatch(/^CAPTCHA_SECRET/);
  });

  it('letters leave the server (SMTP_URL) only with PUBLIC_URL: no reset link built from a forged Host', () => {
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example.ru:587' })).toEqual([
      'PUBLIC_URL: нужно задать вместе с SMTP_URL: ссылки в письмах ведут на этот адрес, а не на присланный в запросе',
    ]);
    expect(problemsOf({ SMTP_URL: 'smtp://mail.example.ru:587', PUBLIC_URL: 'https://kalkulus.example.ru' })).toEqual([]);
  });

  it('the error message tells where the full list of variables is', () => {
    try {
      parseEnv({ PORT: 'abc' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toMatch(/README\.md/);
      expect((err as Error).message).toMatch(/PORT/);
    }
  });
});
