import 'server-only';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { desc, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { exportJWK, importPKCS8, importSPKI, type JWK } from 'jose';
import type { Db } from '../../db/client';
import { getEnv } from '../../env';
import { authKeys } from '../../db/schema';
import { MAX_ACCESS_S } from './config';

type KeyObject = Awaited<ReturnType<typeof importSPKI>>;

export interface VerifyKey {
  kid: string;
  publicPem: string;
  key: KeyObject;
  jwk: JWK;
}

export interface KeySet {
  signing: { kid: string; key: KeyObject; publicPem: string };
  verify: Map<string, VerifyKey>;
  loadedAt: number;
}

/**
 * How long a loaded key set is trusted before it is read again (another instance or `npm run auth:keys` may
 * have rotated): AUTH_KEYS_RELOAD_SECONDS, a minute by default.
 */
function reloadMs(): number {
  try {
    return getEnv().AUTH_KEYS_RELOAD_SECONDS * 1000;
  } catch {
    return 60_000;
  }
}
/** An unknown `kid` triggers at most one re-read per this interval (no DB hammering by forged tokens). */
const UNKNOWN_KID_RELOAD_MS = 5_000;

const cache = new WeakMap<Db, { set?: KeySet; loading?: Promise<KeySet>; lastForced: number }>();

/** A `kid` is only ever a key name we made: 1–64 characters of [A-Za-z0-9_-]. */
export const KID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function newKeyPair(): { kid: string; privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return { kid: `k${day}-${randomBytes(6).toString('hex')}`, privateKey, publicKey };
}

/** Inserts a fresh signing key; the previous active keys stay valid for verification until their tokens expire. */
export async function rotateSigningKey(db: Db): Promise<string> {
  const pair = newKeyPair();
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(authKeys)
      .set({ retiredAt: now, verifyUntil: new Date(now.getTime() + (MAX_ACCESS_S + 60) * 1000) })
      .where(isNull(authKeys.retiredAt));
    await tx.insert(authKeys).values(pair);
  });
  forgetKeys(db);
  return pair.kid;
}

/** Every stored key, oldest first: which signs (`retiredAt` null) and until when a retired one verifies. */
export function listKeys(db: Db) {
  return db
    .select({ kid: authKeys.kid, createdAt: authKeys.createdAt, retiredAt: authKeys.retiredAt, verifyUntil: authKeys.verifyUntil })
    .from(authKeys)
    .orderBy(authKeys.createdAt);
}

/** Creates the first key when there is none (first start); safe when instances race. */
async function ensureKey(db: Db): Promise<void> {
  const active = await db.select({ kid: authKeys.kid }).from(authKeys).where(isNull(authKeys.retiredAt)).limit(1);
  if (active.length > 0) return;
  const pair = newKeyPair();
  await db.transaction(async (tx) => {
    // Re-check under a transaction-level advisory lock so two first starts make one key.
    await tx.execute(sql`select pg_advisory_xact_lock(7254271003)`);
    const again = await tx.select({ kid: authKeys.kid }).from(authKeys).where(isNull(authKeys.retiredAt)).limit(1);
    if (again.length === 0) await tx.insert(authKeys).values(pair);
  });
}

async function load(db: Db): Promise<KeySet> {
  await ensureKey(db);
  const now = new Date();
  const rows = await db
    .select()
    .from(authKeys)
    .where(or(isNull(authKeys.retiredAt), gt(authKeys.verifyUntil, now)))
    .orderBy(desc(authKeys.createdAt));
  const verify = new Map<string, VerifyKey>();
  let signing: KeySet['signing'] | undefined;
  for (const row of rows) {
    const key = await importSPKI(row.publicKey, 'RS256');
    const jwk = { ...(await exportJWK(key)), kid: row.kid, alg: 'RS256', use: 'sig' };
    verify.set(row.kid, { kid: row.kid, publicPem: row.publicKey, key, jwk });
    if (!signing && row.retiredAt === null) {
      signing = { kid: row.kid, key: await importPKCS8(row.privateKey, 'RS256'), publicPem: row.publicKey };
    }
  }
  if (!signing) throw new Error('no active signing key after ensureKey');
  return { signing, verify, loadedAt: Date.now() };
}

/** The key set of this database (cached per process). `forceIfOlderThanMs` re-reads a stale set. */
export async function getKeySet(db: Db, opts: { unknownKid?: boolean } = {}): Promise<KeySet> {
  let entry = cache.get(db);
  if (!entry) {
    entry = { lastForced: 0 };
    cache.set(db, entry);
  }
  const now = Date.now();
  const stale = !entry.set || now - entry.set.loadedAt > reloadMs();
  const forced = opts.unknownKid && now - entry.lastForced > UNKNOWN_KID_RELOAD_MS;
  if ((stale || forced) && !entry.loading) {
    if (forced) entry.lastForced = now;
    const e = entry;
    e.loading = load(db).finally(() => {
      e.loading = undefined;
    });
    e.set = await e.loading;
  } else if (entry.loading) {
    await entry.loading;
  }
  return entry.set!;
}

/** Drops the cached key set (after a rotation in this process). */
export function forgetKeys(db: Db): void {
  cache.delete(db);
}

/** Looks a verification key up by `kid`, never by anything else in the token. */
export async function findVerifyKey(db: Db, kid: unknown): Promise<VerifyKey | undefined> {
  if (typeof kid !== 'string' || !KID_PATTERN.test(kid)) return undefined;
  const set = await getKeySet(db);
  const found = set.verify.get(kid);
  if (found) return found;
  return (await getKeySet(db, { unknownKid: true })).verify.get(kid);
}

/** Removes keys whose verification window has passed; answers their names. */
export async function pruneKeys(db: Db): Promise<string[]> {
  const gone = await db.delete(authKeys).where(lt(authKeys.verifyUntil, new Date())).returning({ kid: authKeys.kid });
  forgetKeys(db);
  return gone.map((r) => r.kid);
}
