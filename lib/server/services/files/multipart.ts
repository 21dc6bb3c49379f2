import 'server-only';
import { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { ServiceError } from '../../errors';

/** Small text fields of a chunk form; the one file part is streamed to `onData`. */
export type FormFields = Record<string, string>;

const badForm = (msg = 'Ожидается multipart/form-data с полями upload_id, chunk_id и data.'): ServiceError =>
  new ServiceError('VALIDATION_ERROR', msg);

/**
 * Parses a `multipart/form-data` body (`source`, of content type `contentType`) as a stream: text fields are
 * collected (they must come before `data`, as the seed's client sends them), the `data` part is handed to
 * `onData` as a Node stream and is never buffered here — backpressure from `onData` reaches the socket.
 * Exactly one `data` part is allowed. On a failure the rest of the body is discarded: the source is destroyed,
 * or with `drainOnFail` (a socket's own request, whose connection must live on to carry the answer) read
 * to its end and dropped.
 */
export async function streamMultipart<T>(
  contentType: string | null,
  source: Readable | null,
  onData: (fields: FormFields, data: Readable) => Promise<T>,
  opts: { maxFields?: number; drainOnFail?: boolean } = {},
): Promise<T> {
  const type = contentType ?? '';
  if (!/^multipart\/form-data/i.test(type) || !source) {
    if (opts.drainOnFail) source?.resume();
    throw badForm();
  }
  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({
      headers: { 'content-type': type },
      isPartAFile: (name) => name === 'data',
      limits: { fields: opts.maxFields ?? 10, fieldSize: 1024, files: 1, parts: (opts.maxFields ?? 10) + 1 },
    });
  } catch {
    if (opts.drainOnFail) source.resume();
    throw badForm();
  }

  return new Promise<T>((resolve, reject) => {
    const fields: FormFields = {};
    let settled = false;
    let handled: Promise<T> | undefined;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      source.unpipe(parser);
      if (opts.drainOnFail) source.resume();
      else source.destroy();
      reject(err);
    };
    parser.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on('file', (name: string, stream: Readable) => {
      if (handled) {
        stream.resume();
        fail(badForm('В запросе должна быть одна часть data.'));
        return;
      }
      handled = onData({ ...fields }, stream).catch((err: unknown) => {
        // Drain whatever the handler did not read so the parser can finish; then report.
        stream.resume();
        throw err;
      });
      handled.catch(fail);
    });
    parser.on('partsLimit', () => fail(badForm('Слишком много полей в запросе.')));
    parser.on('filesLimit', () => fail(badForm('В запросе должна быть одна часть data.')));
    parser.on('fieldsLimit', () => fail(badForm('Слишком много полей в запросе.')));
    parser.on('error', () => fail(badForm('Запрос оборван или повреждён.')));
    source.on('error', () => fail(badForm('Запрос оборван.')));
    parser.on('finish', () => {
      if (!handled) {
        fail(badForm('В запросе нет части data.'));
        return;
      }
      handled.then(
        (v) => {
          if (settled) return;
          settled = true;
          resolve(v);
        },
        fail,
      );
    });
    source.pipe(parser);
  });
}
