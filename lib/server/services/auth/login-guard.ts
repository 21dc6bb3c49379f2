import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { lockoutLeftS, LOCKOUT } from '@/lib/domain/auth/lockout';
import type { AppContext } from '../../context';
import { ServiceError } from '../../errors';
import { REFRESH_COOKIE } from './config';
import { sha256 } from './crypto';
import { hitLimit, rateLimitedError, type Limit } from './rate-limit';
import { cookieValue } from './require-user';
import { userByEmailQuery, userOfRow, type UserRow } from './users';

/**
 * Failed sign-ins (a wrong password or an address with no account) per client address: past this, those answers
 * become 429 — the unknown-address answer cannot be used to sweep addresses, and both look the same.
 */
export const LOGIN_FAILURES_PER_IP: Limit = { max: 20, windowS: 600 };
const FAILURES_BUCKET = 'login:failures';
/** A pair's row: `hits` = failures, `window_start` = the last failure. */
const PAIR_BUCKET = 'login:pair';

const pairKey = (userId: string, ip: string) => `${userId} ${ip}`;

/** What a login needs to know besides the limits: the account, its pair's failures and whether the browser is known. */
export interface LoginState {
  user: UserRow | undefined;
  /** Seconds this (account, address) pair must still wait; 0 when it may try. */
  lockedS: number;
  /** The pair has failures on record (a right password clears them). */
  hasFailures: boolean;
  /** The request carries a live refresh token cookie of this account (a browser it signed in with before). */
  knownBrowser: boolean;
}

/**
 * The one-row query run inside the login's rate-limit statement (one round trip, bench/auth): the account of the
 * address, its pair's failures and seconds since the last one, and whether the refresh cookie is the account's.
 * A refresh token counts while its session is not ended, it is not exchanged yet and not expired.
 */
export function loginStateQuery(login: string, ip: string, req: Request): SQL {
  const refresh = cookieValue(req.headers.get('cookie'), REFRESH_COOKIE);
  const known =
    refresh && refresh.length <= 200
      ? sql`exists (select 1 from auth_refresh_tokens t join auth_sessions s on s.id = t.session_id
                    where t.token_hash = ${sha256(refresh)} and s.user_id = u.id and s.revoked_at is null
                      and t.rotated_at is null and t.expires_at > now())`
      : sql`false`;
  return sql`select u.*, p.hits as "lgPairFailures",
      extract(epoch from now() - p.window_start)::float8 as "lgPairSinceS", ${known} as "lgKnownBrowser"
    from (${userByEmailQuery(login)}) u
    left join auth_rate_limits p on p.bucket = ${PAIR_BUCKET} and p.subject = u.id || ' ' || ${ip}`;
}

/** Reads the row of loginStateQuery. */
export function loginStateOf(ctx: AppContext, row: Record<string, unknown> | undefined): LoginState {
  const { lgPairFailures, lgPairSinceS, lgKnownBrowser, ...rest } = row ?? {};
  const user = userOfRow(row ? rest : undefined);
  const failures = lgPairFailures === null || lgPairFailures === undefined ? 0 : Number(lgPairFailures);
  const since = lgPairSinceS === null || lgPairSinceS === undefined ? null : Number(lgPairSinceS);
  return {
    user,
    lockedS: user ? lockoutLeftS(failures, since, ctx.env.AUTH_RATE_LIMIT_SCALE) : 0,
    hasFailures: failures > 0,
    knownBrowser: Boolean(user) && (lgKnownBrowser === true || lgKnownBrowser === 't'),
  };
}

/** The answer of a pair that must wait: 429 with Retry-After, the same shape as every rate limit. */
export function pairLocked(waitS: number): ServiceError {
  return rateLimitedError(waitS, 'Слишком много неверных паролей', ' или восстановите пароль по ссылке «Забыли пароль?»');
}

/** Counts one failed sign-in of the client address; past LOGIN_FAILURES_PER_IP throws RATE_LIMITED. */
export async function countAddressFailure(ctx: AppContext, ip: string): Promise<void> {
  await hitLimit(ctx, FAILURES_BUCKET, ip, LOGIN_FAILURES_PER_IP);
}

/**
 * Counts a wrong password of the pair (a failure older than LOCKOUT.FORGET_AFTER_S starts the count anew) and of
 * the client address; throws RATE_LIMITED when the address is past its limit.
 */
export async function countPasswordFailure(ctx: AppContext, userId: string, ip: string): Promise<void> {
  await Promise.all([
    ctx.db.execute(sql`
      insert into auth_rate_limits (bucket, subject, window_start, hits)
      values (${PAIR_BUCKET}, ${pairKey(userId, ip)}, now(), 1)
      on conflict (bucket, subject) do update set
        hits = case when auth_rate_limits.window_start <= now() - make_interval(secs => ${LOCKOUT.FORGET_AFTER_S})
                    then 1 else auth_rate_limits.hits + 1 end,
        window_start = now()`),
    countAddressFailure(ctx, ip),
  ]);
}

/** A right password: the pair starts again from no failures. */
export async function clearPairFailures(ctx: AppContext, userId: string, ip: string): Promise<void> {
  await ctx.db.execute(sql`delete from auth_rate_limits where bucket = ${PAIR_BUCKET} and subject = ${pairKey(userId, ip)}`);
}
