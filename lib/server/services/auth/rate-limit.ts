import 'server-only';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { rows } from '../../db/rows';
import { ServiceError } from '../../errors';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowS: number;
}

/** The limits of issue 3 §7, per login (or target) and per IP. */
export const LIMITS = {
  login: { perSubject: { max: 10, windowS: 600 }, perIp: { max: 60, windowS: 600 } },
  register: { perSubject: { max: 5, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  sendConfirmCode: { perSubject: { max: 5, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  sendPasswordResetLink: { perSubject: { max: 5, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  resetPassword: { perSubject: { max: 10, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
  confirmPhone: { perSubject: { max: 10, windowS: 3600 }, perIp: { max: 30, windowS: 3600 } },
} satisfies Record<string, { perSubject: Limit; perIp: Limit }>;

export type LimitedCall = keyof typeof LIMITS;

function minutesRu(n: number): string {
  const m10 = n % 10;
  const m100 = n % 100;
  if (m10 === 1 && m100 !== 11) return `${n} минуту`;
  if (m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)) return `${n} минуты`;
  return `${n} минут`;
}

/** Counts one attempt in a fixed window shared by all instances; throws RATE_LIMITED (429) past the limit. */
export async function hitLimit(ctx: AppContext, bucket: string, subject: string, limit: Limit): Promise<void> {
  const max = limit.max * ctx.env.AUTH_RATE_LIMIT_SCALE;
  const [row] = await rows<{ hits: number; retry: number }>(
    ctx.db,
    sql`insert into auth_rate_limits (bucket, subject, window_start, hits)
        values (${bucket}, ${subject}, now(), 1)
        on conflict (bucket, subject) do update set
          window_start = case when auth_rate_limits.window_start <= now() - make_interval(secs => ${limit.windowS})
                              then now() else auth_rate_limits.window_start end,
          hits = case when auth_rate_limits.window_start <= now() - make_interval(secs => ${limit.windowS})
                      then 1 else auth_rate_limits.hits + 1 end
        returning hits,
          ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowS}) - now())))::int as retry`,
  );
  if (row && Number(row.hits) > max) {
    const retry = Math.max(1, Number(row.retry));
    throw new ServiceError('RATE_LIMITED', `Слишком много попыток. Повторите через ${minutesRu(Math.ceil(retry / 60))}.`, {
      headers: { 'Retry-After': String(retry) },
      extra: { retryAfter: retry },
    });
  }
}

/** Both limits of a call: per login/target and per IP. */
export async function limitCall(ctx: AppContext, call: LimitedCall, subject: string, ip: string): Promise<void> {
  const l = LIMITS[call];
  await hitLimit(ctx, `${call}:ip`, ip, l.perIp);
  if (subject) await hitLimit(ctx, `${call}:subject`, subject.toLowerCase(), l.perSubject);
}
