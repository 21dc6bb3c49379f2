import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { countOf } from '@/lib/domain/format/plural';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowS: number;
}

/** The limits, per login (or target) and per IP. */
const LIMITS = {
  login: { perSubject: { max: 10, windowS: 600 }, perIp: { max: 60, windowS: 600 } },
  register: { perSubject: { max: 5, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  sendConfirmCode: { perSubject: { max: 5, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  sendPasswordResetLink: { perSubject: { max: 5, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  resetPassword: { perSubject: { max: 10, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  confirmPhone: { perSubject: { max: 10, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
} satisfies Record<string, { perSubject: Limit; perIp: Limit }>;

export type LimitedCall = keyof typeof LIMITS;

const minutesRu = (n: number): string => countOf(n, ['минуту', 'минуты', 'минут']);

/** The 429 of every limit: `Retry-After` and `retryAfter` in seconds, the wait in minutes in the message. */
export function rateLimitedError(retryS: number, what = 'Слишком много попыток', after = ''): ServiceError {
  const retry = Math.max(1, Math.ceil(retryS));
  return new ServiceError('RATE_LIMITED', `${what}. Повторите через ${minutesRu(Math.ceil(retry / 60))}${after}.`, {
    headers: { 'Retry-After': String(retry) },
    extra: { retryAfter: retry },
  });
}

type Hit = { bucket: string; subject: string; max: number };

/**
 * Counts one attempt in each given fixed window (all of the same length) with ONE statement shared by all
 * instances; throws RATE_LIMITED (429) when any is past its limit (the first given is reported first).
 * `alongside` (a one-row SELECT) is run in the same statement and its row returned — a login reads its user
 * in the same round trip (bench/auth).
 */
async function hitAll(ctx: AppContext, windowS: number, hits: Hit[], alongside?: SQL): Promise<Record<string, unknown> | undefined> {
  const values = sql.join(
    hits.map((h) => sql`(${h.bucket}, ${h.subject}, now(), 1)`),
    sql`, `,
  );
  const upsert = sql`insert into auth_rate_limits (bucket, subject, window_start, hits)
        values ${values}
        on conflict (bucket, subject) do update set
          window_start = case when auth_rate_limits.window_start <= now() - make_interval(secs => ${windowS})
                              then now() else auth_rate_limits.window_start end,
          hits = case when auth_rate_limits.window_start <= now() - make_interval(secs => ${windowS})
                      then 1 else auth_rate_limits.hits + 1 end
        returning bucket, subject, hits,
          ceil(extract(epoch from (window_start + make_interval(secs => ${windowS}) - now())))::int as retry`;
  type Answer = { rl_bucket: string; rl_subject: string; rl_hits: number; rl_retry: number } & Record<string, unknown>;
  const answered = await rows<Answer>(
    ctx.db,
    alongside
      ? sql`with hit as (${upsert})
            select hit.bucket as rl_bucket, hit.subject as rl_subject, hit.hits as rl_hits, hit.retry as rl_retry, a.*
            from hit left join lateral (${alongside}) a on true`
      : sql`with hit as (${upsert})
            select hit.bucket as rl_bucket, hit.subject as rl_subject, hit.hits as rl_hits, hit.retry as rl_retry from hit`,
  );
  for (const h of hits) {
    const row = answered.find((r) => r.rl_bucket === h.bucket && r.rl_subject === h.subject);
    if (row && Number(row.rl_hits) > h.max * ctx.env.AUTH_RATE_LIMIT_SCALE) throw rateLimitedError(Number(row.rl_retry));
  }
  if (!alongside || !answered[0]) return undefined;
  const { rl_bucket: _b, rl_subject: _s, rl_hits: _h, rl_retry: _r, ...row } = answered[0];
  return row;
}

/** Counts one attempt in a fixed window shared by all instances; throws RATE_LIMITED (429) past the limit. */
export async function hitLimit(ctx: AppContext, bucket: string, subject: string, limit: Limit): Promise<void> {
  await hitAll(ctx, limit.windowS, [{ bucket, subject, max: limit.max }]);
}

/**
 * Both limits of a call: per login/target and per IP, in one round trip (the windows of a call match).
 * With `alongside`, that one-row query runs in the same statement and its row is returned.
 */
export async function limitCall(
  ctx: AppContext,
  call: LimitedCall,
  subject: string,
  ip: string,
  alongside?: SQL,
): Promise<Record<string, unknown> | undefined> {
  const l: { perSubject: Limit; perIp: Limit } = LIMITS[call];
  const ipHit = { bucket: `${call}:ip`, subject: ip, max: l.perIp.max };
  if (!subject) return hitAll(ctx, l.perIp.windowS, [ipHit], alongside);
  const subjectHit = { bucket: `${call}:subject`, subject: subject.toLowerCase(), max: l.perSubject.max };
  if (l.perIp.windowS === l.perSubject.windowS) return hitAll(ctx, l.perIp.windowS, [ipHit, subjectHit], alongside);
  await hitAll(ctx, l.perIp.windowS, [ipHit]);
  return hitAll(ctx, l.perSubject.windowS, [subjectHit], alongside);
}
