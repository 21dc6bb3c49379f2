// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/lib/server/db/client';
import { analyzeGrown, ANALYZE_CHECK_MS } from '@/lib/server/db/analyze-grown';
import { transactionRows } from '@/lib/server/db/batch';
import { PREPARED_MAX, preparedRows, preparedRun } from '@/lib/server/db/prepared';
import { rows } from '@/lib/server/db/rows';
import { systemSettings } from '@/lib/server/db/schema';
import { createTestDatabase, testDriver, type TestDatabase } from '../../helpers/db';

describe(`database (${testDriver()})`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase({ migrate: true }); // an empty database migrated here, not the migrated copy
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("PGlite: reports its worker's heap and WebAssembly memory and collects the heap's garbage on request", async () => {
    if (testDriver() === 'postgres') {
      expect(await t.memory()).toBeNull();
      return void (await t.collect());
    }
    // About 5 MB of rows made on the worker and sent: garbage there once answered.
    await t.exec(`select repeat('x', 1000) from generate_series(1, 5000)`);
    const before = (await t.memory())!;
    expect(before.wasm).toBeGreaterThanOrEqual(64 * 1024 * 1024);
    expect(before.heap).toBeGreaterThan(before.heapUsed);
    await t.collect();
    const after = (await t.memory())!;
    expect(after.heapUsed).toBeLessThan(before.heapUsed - 1024 * 1024);
  });

  it('applies the committed migrations', async () => {
    const [count] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    const journal = JSON.parse(fs.readFileSync('lib/server/db/migrations/meta/_journal.json', 'utf8')) as {
      entries: unknown[];
    };
    expect(count?.n).toBe(journal.entries.length);
  });

  it('reads and writes through the drizzle schema, jsonb included', async () => {
    await t.db.insert(systemSettings).values({ key: 'probe', value: { name: 'Калькулус', n: 1 } });
    const [row] = await t.db.select().from(systemSettings).where(sql`${systemSettings.key} = 'probe'`);
    expect(row?.value).toEqual({ name: 'Калькулус', n: 1 });
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it('rolls a failed transaction back as a whole', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(systemSettings).values({ key: 'tx-a', value: 1 });
        await tx.insert(systemSettings).values({ key: 'tx-a', value: 2 }); // duplicate key
      }),
    ).rejects.toThrow();
    const left = await t.db.select().from(systemSettings).where(sql`${systemSettings.key} = 'tx-a'`);
    expect(left).toHaveLength(0);
  });

  it('analyses a table grown since its statistics (the embedded database never does by itself), once per interval', async () => {
    await t.exec(`create table grow_probe (id int, name text); insert into grow_probe select g, 'строка ' || g from generate_series(1, 3000) g`);
    const tuples = async () => (await rows<{ n: number }>(t.db, sql`select reltuples::int as n from pg_class where relname = 'grow_probe'`))[0]!.n;
    const now = Date.now() + 1_000_000;
    await analyzeGrown(t.db, ['grow_probe'], now);
    expect(await tuples()).toBe(3000);
    await t.exec(`insert into grow_probe select g, 'строка ' || g from generate_series(1, 3000) g`);
    await analyzeGrown(t.db, ['grow_probe'], now + 1);
    expect(await tuples()).toBe(3000); // looked at a moment ago
    await analyzeGrown(t.db, ['grow_probe'], now + ANALYZE_CHECK_MS);
    expect(await tuples()).toBe(6000);
  });

  it('runs a list of statements as one transaction and answers each one\'s rows; a failing one rolls all back with its database error', async () => {
    const [set, got] = await transactionRows(t.db, [
      sql`select set_config('kalkulus.probe', ${'пакет'}, true) as v`,
      sql`select current_setting('kalkulus.probe') as v, ${2}::int + 1 as n`,
    ]);
    expect(set).toEqual([{ v: 'пакет' }]);
    expect(got).toEqual([{ v: 'пакет', n: 3 }]);
    const failing = transactionRows(t.db, [
      sql`insert into ${systemSettings} (key, value) values ('batch-a', '1'::jsonb)`,
      sql`insert into ${systemSettings} (key, value) values ('batch-a', '2'::jsonb)`,
    ]);
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await t.db.select().from(systemSettings).where(sql`${systemSettings.key} = 'batch-a'`)).toHaveLength(0);
    expect(await rows(t.db, sql`select 1 as one`)).toEqual([{ one: 1 }]); // the connection is usable again
  });

  it.runIf(testDriver() === 'pglite')('keeps a statement prepared in a failed transaction known to its session', async () => {
    const session = {};
    const divide = (n: number) => preparedRun(session, sql`select 6 / ${n}::int as q`);
    const first = divide(0);
    await expect(transactionRows(t.db, first.statements)).rejects.toMatchObject({ cause: { code: '22012' } });
    await first.failed(t.db);
    const second = divide(2);
    expect(second.statements).toHaveLength(1); // EXECUTE only: the PREPARE outlived the rollback
    expect((await transactionRows(t.db, second.statements)).at(-1)).toEqual([{ q: 3 }]);
    await t.exec('deallocate all');
  });

  it.runIf(testDriver() === 'pglite')('runs a statement prepared once per SQL text, values only as literals, at most PREPARED_MAX kept', async () => {
    const session = {};
    const probe = (v: string, n: number) => preparedRows<{ v: string; n: number }>(session, t.db, sql`select ${v}::text as v, ${n}::int + 1 as n`);
    expect(await probe("it's; drop table grow_probe; --", 1)).toEqual([{ v: "it's; drop table grow_probe; --", n: 2 }]);
    expect(await probe('ё\\', 41)).toEqual([{ v: 'ё\\', n: 42 }]);
    const prepared = async () => (await rows<{ n: number }>(t.db, sql`select count(*)::int as n from pg_prepared_statements where name like 'p\_%'`))[0]!.n;
    expect(await prepared()).toBe(1);
    for (let i = 0; i < PREPARED_MAX + 3; i++) await preparedRows(session, t.db, sql`select ${i}::int + ${sql.raw(String(i))} as n`);
    expect(await prepared()).toBe(PREPARED_MAX);
  });
});

describe.runIf(testDriver() === 'pglite')('PGlite data folder', () => {
  // A new folder is created and migrated by a worker process of its own (client.ts), then opened by the thread.
  it('creates missing parent folders and keeps data across a close and reopen', { timeout: 180_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-pg-'));
    const pgDir = path.join(dir, 'nested', 'pg');
    try {
      const first = await openDatabase({ driver: 'pglite', dir: pgDir });
      await first.db.insert(systemSettings).values({ key: 'kept', value: 'да' });
      await first.close();
      const second = await openDatabase({ driver: 'pglite', dir: pgDir }); // migrations run again: a no-op
      const kept = await second.db.select().from(systemSettings);
      expect(kept.map((r) => r.value)).toEqual(['да']);
      await second.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(testDriver() === 'postgres')('PostgreSQL migrations', () => {
  it('lets several instances start at once: the advisory lock serialises the migration', async () => {
    const t = await createTestDatabase();
    try {
      const url = new URL(process.env.TEST_DATABASE_URL!);
      const [name] = await rows<{ d: string }>(t.db, sql`select current_database() as d`);
      url.pathname = `/${name!.d}`;
      const opened = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ driver: 'postgres', url: url.toString(), max: 2 })),
      );
      const [count] = await rows<{ n: number }>(t.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      const journal = JSON.parse(fs.readFileSync('lib/server/db/migrations/meta/_journal.json', 'utf8')) as {
        entries: unknown[];
      };
      expect(count?.n).toBe(journal.entries.length);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await t.destroy();
    }
  });
});
