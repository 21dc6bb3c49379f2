import Cookies from 'js-cookie';
import { ApiError } from '../api-error';

export interface ChunkAnswer {
  received: number[];
  chunk_id: number;
  size: number;
  /** CRC-32 of the chunk as stored (8 hex digits). */
  crc32: string;
}

const NETWORK_MSG = 'Нет связи с сервером. Загрузка продолжится, когда связь появится.';

/**
 * Sends one chunk as the upload protocol has it (multipart `upload_id`, `chunk_id`, `data`) with XMLHttpRequest,
 * because fetch reports no upload progress. `onProgress(bytesOfThisChunk)`; abort through `signal`.
 */
export function sendChunk(
  url: string,
  uploadId: string,
  chunkId: number,
  data: Blob,
  opts: { signal?: AbortSignal; onProgress?: (loaded: number) => void } = {},
): Promise<ChunkAnswer> {
  return new Promise((resolve, reject) => {
    if (opts.signal?.aborted) {
      reject(new DOMException('Отменено', 'AbortError'));
      return;
    }
    const form = new FormData();
    form.append('upload_id', uploadId);
    form.append('chunk_id', String(chunkId));
    form.append('data', data, 'blob');
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${Cookies.get('accessToken') ?? ''}`);
    const xsrf = Cookies.get('XSRF-TOKEN');
    if (xsrf !== undefined) xhr.setRequestHeader('X-XSRF-TOKEN', xsrf);
    xhr.withCredentials = true;
    const onAbort = () => xhr.abort();
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.upload.onprogress = (e) => opts.onProgress?.(e.loaded);
    xhr.onabort = () => reject(new DOMException('Отменено', 'AbortError'));
    xhr.onerror = () => reject(new ApiError('NETWORK_ERROR', NETWORK_MSG, { status: 0 }));
    xhr.onload = () => {
      opts.signal?.removeEventListener('abort', onAbort);
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(xhr.responseText) as Record<string, unknown>;
      } catch {
        reject(new ApiError('BAD_RESPONSE', `Сервер вернул неожиданный ответ (код ${xhr.status}).`, { status: xhr.status }));
        return;
      }
      if (xhr.status === 200 && body.ok === true) {
        resolve(body as unknown as ChunkAnswer);
        return;
      }
      reject(
        new ApiError(String(body.code ?? 'BAD_RESPONSE'), String(body.msg ?? `Ошибка ${xhr.status}`), {
          status: xhr.status,
          fields: body.fields as Record<string, string> | undefined,
          body,
        }),
      );
    };
    xhr.send(form);
  });
}
