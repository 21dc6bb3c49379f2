import { getAppContext } from '@/lib/server/context';
import { getEnv } from '@/lib/server/env';
import { ServiceError } from '@/lib/server/errors';
import { errorResponse } from '@/lib/server/http';
import { metricsAuthorized, metricsText } from '@/lib/server/metrics';

export const dynamic = 'force-dynamic';

/** Prometheus metrics of this process, behind `Authorization: Bearer $METRICS_TOKEN`; without the token set — 404. */
export async function GET(req: Request): Promise<Response> {
  const token = getEnv().METRICS_TOKEN;
  if (!token) return errorResponse(new ServiceError('NOT_FOUND', 'Страница не найдена.'));
  if (!metricsAuthorized(req, token)) {
    return errorResponse(new ServiceError('UNAUTHORIZED', 'Нужен токен метрик: заголовок Authorization: Bearer ….', { headers: { 'WWW-Authenticate': 'Bearer' } }));
  }
  try {
    return new Response(await metricsText(await getAppContext()), {
      headers: { 'Content-Type': 'text/plain; version=0.0.4; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  } catch (err) {
    return errorResponse(err, 'metrics');
  }
}
