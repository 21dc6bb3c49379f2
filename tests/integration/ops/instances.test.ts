// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { instanceName, otherReleases } from '@/lib/server/instances';
import { testDriver } from '../../helpers/db';

/**
 * Instances starting together on one fresh PostgreSQL database: migrations run once, under the advisory lock,
 * whoever comes first; each instance sees the releases of the others by their connections' names.
 */
describe.runIf(testDriver() === 'postgres')('several instances on one PostgreSQL (postgres)', () => {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kalkulus_inst_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const opened: Database[] = [];
  const admin = async (text: string) => {
    const c = new Client({ connectionString: adminUrl });
    await c.connect();
    try {
      return await c.query(text);
    } finally {
      await c.end();
    }
  };

  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
    await admin(`drop database if exists "${name}" with (force)`);
  });

  it('three instances starting at once migrate one database without a conflict and see each other’s release', async () => {
    await admin(`create database "${name}"`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const names = [instanceName('release-a', '-'), instanceName('release-a', '-'), instanceName('release-b', '11111111')];
    opened.push(
      ...(await Promise.all(names.map((applicationName) => openDatabase({ driver: 'postgres', url: url.toString(), max: 2, applicationName })))),
    );
    const c = new Client({ connectionString: url.toString() });
    await c.connect();
    try {
      const applied = await c.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      const journal = (await import('@/lib/server/db/migrations/meta/_journal.json')).entries.length;
      expect(applied.rows[0].n).toBe(journal);
    } finally {
      await c.end();
    }
    // Hold one connection of each instance open, as a serving instance does.
    await Promise.all(opened.map((d) => d.exec('select 1')));
    expect(await otherReleases(opened[0]!, names[0])).toEqual(['kalkulus/release-b/11111111']);
    expect(await otherReleases(opened[2]!, names[2])).toEqual(['kalkulus/release-a/-']);
  });
});
