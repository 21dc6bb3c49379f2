// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { parseEnv } from '@/lib/server/env';
import type { AppContext } from '@/lib/server/context';
import { getKeySet, forgetKeys } from '@/lib/server/services/auth/keys';
import { createUser, findUserByEmail } from '@/lib/server/services/auth/users';
import { seedEmbeddedDatabase, testDriver } from '../../helpers/db';

const run = (script: string, args: string[], dataDir: string) =>
  spawnSync(process.execPath, [path.join(process.cwd(), 'scripts', script), ...args], {
    cwd: process.cwd(),
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });

// The scripts open the embedded database folder; the PostgreSQL run would repeat the same thing.
describe.skipIf(testDriver() === 'postgres')('npm run user:roles / auth:keys on the embedded database', () => {
  let dir: string;
  let database: Database;
  let ctx: AppContext;
  const reopen = async () => {
    database = await openDatabase({ driver: 'pglite', dir: path.join(dir, 'pg') });
    ctx = { env: parseEnv({ DATA_DIR: dir }), db: database.db, database, blobs: undefined as never };
  };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-scripts-'));
    await seedEmbeddedDatabase(path.join(dir, 'pg'));
    await reopen();
    await createUser(ctx, { email: 'boss@example.ru', password: 'пароль-босса-1' });
    await getKeySet(ctx.db);
    await database.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('grants, shows and clears roles; refuses bad names and unknown users in Russian', async () => {
    const grant = run('user-roles.mjs', ['Boss@Example.ru', 'admin', 'super-admin'], dir);
    expect(grant.stderr).toBe('');
    expect(grant.stdout).toContain('boss@example.ru: роли — admin, super-admin');
    expect(run('user-roles.mjs', ['boss@example.ru'], dir).stdout).toContain('boss@example.ru: admin, super-admin');
    const bad = run('user-roles.mjs', ['boss@example.ru', 'Admin;drop'], dir);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Недопустимое имя роли');
    const nobody = run('user-roles.mjs', ['nobody@example.ru', 'admin'], dir);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toContain('Пользователь nobody@example.ru не найден.');
    await reopen();
    try {
      expect((await findUserByEmail(ctx, 'boss@example.ru'))?.roles).toEqual(['admin', 'super-admin']);
    } finally {
      await database.close();
    }
    expect(run('user-roles.mjs', ['boss@example.ru', '--none'], dir).stdout).toContain('роли — нет');
  });

  it('rotates the signing key; the old one stays for verification', async () => {
    const before = run('auth-keys.mjs', ['list'], dir);
    expect(before.stdout).toMatch(/подписывает/);
    const rotated = run('auth-keys.mjs', ['rotate'], dir);
    expect(rotated.stdout).toMatch(/^Новый ключ подписи: k\d{8}-[0-9a-f]{12}\./);
    const newKid = rotated.stdout.match(/(k\d{8}-[0-9a-f]{12})/)![1]!;
    const list = run('auth-keys.mjs', ['list'], dir).stdout;
    expect(list).toMatch(/только проверка до/);
    await reopen();
    try {
      forgetKeys(ctx.db);
      const set = await getKeySet(ctx.db);
      expect(set.signing.kid).toBe(newKid);
      expect(set.verify.size).toBe(2);
    } finally {
      await database.close();
    }
    expect(run('auth-keys.mjs', ['prune'], dir).stdout).toBe('Устаревших ключей нет.\n');
  });
});
