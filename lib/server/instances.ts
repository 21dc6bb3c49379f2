import 'server-only';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './db/client';

/**
 * Several instances on one PostgreSQL must run one release: the same build (pages and their scripts are named
 * by the build id) and the same Server Actions key. Each instance names its database connections
 * `kalkulus/<build id>/<key fingerprint>` (PostgreSQL's `application_name`), so every instance sees the others
 * in `pg_stat_activity` — only live ones, nothing to clean up after a stopped instance.
 */
const PREFIX = 'kalkulus/';

/** The build id of the running server (`.next/BUILD_ID`), or `dev` without a production build. */
export function currentBuildId(dir = process.cwd()): string {
  try {
    return fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8').trim() || 'dev';
  } catch {
    return 'dev';
  }
}

/** 8 hex digits of SHA-256 of the Server Actions key (`-` when not set: the build's own key is used). */
export function keyFingerprint(key = process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY): string {
  return key ? createHash('sha256').update(key).digest('hex').slice(0, 8) : '-';
}

/** This instance's `application_name` (PostgreSQL keeps 63 bytes of it). */
export function instanceName(buildId = currentBuildId(), fingerprint = keyFingerprint()): string {
  return `${PREFIX}${buildId.replace(/[^\w.-]/g, '_').slice(0, 40)}/${fingerprint}`;
}

/**
 * The other release names connected to this database right now (empty = all instances agree). On PGlite there
 * is one process by design: always empty.
 */
export async function otherReleases(database: Database, self = instanceName()): Promise<string[]> {
  if (database.driver !== 'postgres') return [];
  const res = (await database.db.execute(sql`
    select distinct application_name as name from pg_stat_activity
    where datname = current_database() and application_name like ${PREFIX + '%'} and application_name <> ${self}`)) as unknown as {
    rows: { name: string }[];
  };
  return res.rows.map((r) => r.name).sort();
}

/** The start-up warning for instances that differ (Russian: it is read by whoever deploys). */
export function mismatchMessage(self: string, others: string[]): string {
  const [, build, key] = self.split('/');
  const lines = others.map((o) => {
    const [, b, k] = o.split('/');
    const what = [b !== build ? `сборка ${b}` : '', k !== key ? 'другой ключ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY' : ''].filter(Boolean);
    return `  • ${what.join(', ')}`;
  });
  return [
    `ВНИМАНИЕ: к этой базе подключены экземпляры другой версии (этот экземпляр: сборка ${build}).`,
    ...lines,
    'Так бывает несколько минут во время поэтапного обновления. Если это не обновление — запустите на всех',
    'экземплярах один и тот же образ (APP_BUILD_ID при сборке) и один NEXT_SERVER_ACTIONS_ENCRYPTION_KEY:',
    'иначе страницы и действия, открытые на одном экземпляре, ломаются на другом (docs/operations.md).',
  ].join('\n');
}
