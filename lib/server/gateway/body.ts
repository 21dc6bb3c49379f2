import 'server-only';
import { MAX_INPUT_DEPTH } from '@/lib/schemas/text';
import type { Readable } from 'node:stream';
import { ServiceError } from '../errors';

/** Reads a request body as text, refusing more than `limit` bytes without reading them all. */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const declared = Number(req.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!req.body) return '';
  const reader = req.body.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      text += decoder.decode(value, { stream: true });
    }
    return text + decoder.decode();
  } catch (err) {
    if (err instanceof ServiceError) throw err;
    if (err instanceof TypeError) throw new ServiceError('BAD_JSON', 'Тело запроса не в кодировке UTF-8.');
    throw err;
  }
}

/**
 * Reads a Node request's body (the socket's IncomingMessage on server.mjs's fast path) as UTF-8 text, with the
 * same limit and answers as readBodyText.
 */
export function readNodeBodyText(body: Readable, limit: number): Promise<string> {
  const declared = Number((body as { headers?: Record<string, unknown> }).headers?.['content-length'] ?? '');
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (err: unknown) => {
      body.off('data', onData).off('end', onEnd).off('error', stop).off('close', onClose);
      reject(err);
    };
    // Over the limit: the rest is not kept (the caller drains it, so the connection can carry the answer).
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) stop(tooLarge(limit));
      else chunks.push(chunk);
    };
    const onClose = () => stop(new Error('request body cut off'));
    const onEnd = () => {
      body.off('data', onData).off('error', stop).off('close', onClose);
      try {
        resolve(UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
      } catch {
        reject(new ServiceError('BAD_JSON', 'Тело запроса не в кодировке UTF-8.'));
      }
    };
    body.on('data', onData).on('end', onEnd).on('error', stop).on('close', onClose);
  });
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function tooLarge(limit: number): ServiceError {
  return new ServiceError('PAYLOAD_TOO_LARGE', `Запрос слишком большой: не более ${Math.floor(limit / 1024)} КБ.`);
}

/** `application/json` or `application/<something>+json`, parameters (charset) allowed. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Parses a JSON call body: empty = `{}` (whatever its type); a body that is not declared JSON is refused
 * (415: a form or text/plain body is what a cross-site page can send without asking); anything but an
 * object is refused.
 */
export function parseJsonBody(text: string, contentType: string | null): Record<string, unknown> {
  if (text.trim() === '') return {};
  if (!JSON_TYPE.test(contentType ?? '')) {
    throw new ServiceError('UNSUPPORTED_MEDIA_TYPE', 'Тело запроса должно быть в формате JSON (Content-Type: application/json).');
  }
  if (nestingDepth(text, MAX_INPUT_DEPTH) > MAX_INPUT_DEPTH) {
    throw new ServiceError('BAD_JSON', `Слишком глубокая вложенность в теле запроса: не более ${MAX_INPUT_DEPTH} уровней.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ServiceError('BAD_JSON', 'Некорректный JSON в теле запроса.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ServiceError('BAD_JSON', 'Тело запроса должно быть JSON-объектом.');
  }
  return value as Record<string, unknown>;
}

/**
 * How deep the brackets of a JSON text nest (strings skipped), stopping once past `stop`: one linear pass, so
 * a body of a million brackets is refused before JSON.parse spends its time building it.
 */
export function nestingDepth(text: string, stop: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      deepest = Math.max(deepest, ++depth);
      if (depth > stop) return depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
