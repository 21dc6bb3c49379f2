import 'server-only';
import { openConfiguredDatabase, type Database, type Db } from './db/client';
import { getEnv, type Env } from './env';
import { instanceName } from './instances';
import { log } from './log';
import { onShutdown } from './shutdown';
import { createBlobStore } from './storage';
import type { BlobStore } from './storage/types';

/** What every service use case gets: configuration, the database and the blob store. */
export interface AppContext {
  env: Env;
  db: Db;
  database: Database;
  blobs: BlobStore;
}

const KEY = Symbol.for('kalkulus.appContext');
type Holder = { [KEY]?: Promise<AppContext> };
const holder = globalThis as Holder;

async function init(): Promise<AppContext> {
  const env = getEnv();
  const started = Date.now();
  const database = await openConfiguredDatabase(env, instanceName());
  const blobs = createBlobStore(env);
  log.info(`database ${database.driver} ready, migrations applied, blobs on ${blobs.kind} (${Date.now() - started} ms)`);
  // Last at shutdown: the embedded database writes its shutdown checkpoint (no recovery at the next start).
  onShutdown('database', () => database.close(), 'close');
  return { env, db: database.db, database, blobs };
}

/**
 * The process's one context (kept on globalThis so dev reloads reuse it).
 * A failed start is dropped so the next call retries.
 */
export function getAppContext(): Promise<AppContext> {
  let p = holder[KEY];
  if (!p) {
    p = init();
    holder[KEY] = p;
    p.catch(() => {
      if (holder[KEY] === p) delete holder[KEY];
    });
  }
  return p;
}

/** Tests: use this context instead of opening the configured one. */
export function setAppContext(ctx: AppContext | undefined): void {
  if (ctx) holder[KEY] = Promise.resolve(ctx);
  else delete holder[KEY];
}
