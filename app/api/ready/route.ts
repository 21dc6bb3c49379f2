import { getAppContext } from '@/lib/server/context';
import { errorResponse, okResponse } from '@/lib/server/http';
import { ServiceError } from '@/lib/server/errors';
import { readiness } from '@/lib/server/health';
import { log } from '@/lib/server/log';

export const dynamic = 'force-dynamic';

/** Readiness: the database and the blob store are reachable. 503 otherwise. */
export async function GET(): Promise<Response> {
  try {
    const state = await readiness(await getAppContext());
    if (state.ready) return okResponse(state, 'Сервис готов к работе');
    return errorResponse(
      new ServiceError('NOT_READY', 'Сервис пока не готов: недоступна база данных или хранилище файлов.', {
        extra: state,
      }),
    );
  } catch (err) {
    log.error('readiness check could not open the app context', err);
    return errorResponse(
      new ServiceError('NOT_READY', 'Сервис пока не готов: не удалось подключиться к базе данных или хранилищу.', {
        extra: { ready: false },
      }),
    );
  }
}
