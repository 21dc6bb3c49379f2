import { okResponse } from '@/lib/server/http';
import { liveness } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. Touches neither the database nor storage. */
export function GET(): Response {
  return okResponse(liveness(), 'Сервис работает');
}
export const POST = GET;
