import 'server-only';
import { PassThrough, type Readable } from 'node:stream';
import { ServiceError } from '../../errors';
import { boundaryOf, MultipartError, MultipartScanner } from './multipart-scanner';

/** Small text fields of a chunk form; the one file part is streamed to a sink. */
export type FormFields = Record<string, string>;

/** Where the bytes of the one `data` part go, as they arrive (views of the request's own buffers). */
export interface PartSink {
  /** Takes the next bytes; false asks the source to pause until the `resume` given with the part is called. */
  write(bytes: Buffer): boolean;
  /** The part ended, and so did the body after it (its closing delimiter and the end of the request arrived). */
  end(): void;
  /** The part will not end: the body broke off or is malformed. */
  abort(err: Error): void;
}

const badForm = (msg = 'Ожидается multipart/form-data с полями upload_id, chunk_id и data.'): ServiceError =>
  new ServiceError('VALIDATION_ERROR', msg);

/**
 * Parses a `multipart/form-data` body (`source`, of content type `contentType`) as a stream, with the native
 * boundary search of multipart-scanner.ts: text fields are collected (they must come before `data`, as the
 * upload protocol sends them), and when the `data` part starts `onData` is called with them and answers the
 * sink its bytes go to, and the promise of its outcome. Nothing is buffered here — a sink that answers false
 * pauses the source. Exactly one `data` part is allowed. Resolves with the outcome once the body has ended.
 * On a failure (the body, or the outcome) the rest of the body is discarded: the source is destroyed, or with
 * `drainOnFail` (a socket's own request, whose connection must live on to carry the answer) read to its end
 * and dropped.
 */
export async function streamMultipart<T>(
  contentType: string | null,
  source: Readable | null,
  onData: (fields: FormFields, resume: () => void) => { sink: PartSink; done: Promise<T> },
  opts: { maxFields?: number; drainOnFail?: boolean } = {},
): Promise<T> {
  const boundary = boundaryOf(contentType);
  if (!boundary || !source) {
    if (opts.drainOnFail) source?.resume();
    throw badForm();
  }

  return new Promise<T>((resolve, reject) => {
    const fields: FormFields = {};
    let settled = false;
    let ended = false;
    let sink: PartSink | null = null;
    let partEnded = false;
    let outcome: { ok: true; value: T } | null = null;
    let done: Promise<T> | null = null;

    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      sink?.abort(err instanceof Error ? err : new Error(String(err)));
      if (opts.drainOnFail && !ended) source.resume();
      else if (!ended) source.destroy();
      reject(err);
    };
    const settle = () => {
      if (settled || !ended || !outcome) return;
      settled = true;
      resolve(outcome.value);
    };
    const resume = () => {
      if (!settled) source.resume();
    };

    const scanner = new MultipartScanner(
      boundary,
      {
        field: (name, value) => {
          fields[name] = value;
        },
        fileStart: () => {
          const part = onData({ ...fields }, resume);
          sink = part.sink;
          done = part.done;
          done.then(
            (value) => {
              outcome = { ok: true, value };
              settle();
            },
            fail,
          );
        },
        fileData: (bytes) => {
          if (!sink!.write(bytes)) source.pause();
        },
        // The part is over, but it is handed on only once the whole body has ended well (below): a request
        // that fails after its data part (a second one, a broken end) stores nothing.
        fileEnd: () => {
          partEnded = true;
        },
      },
      { limits: { fields: opts.maxFields ?? 10, fieldSize: 1024, files: 1 } },
    );

    const asBadForm = (e: unknown) => (e instanceof MultipartError ? badForm(e.message) : e);
    source.on('data', (chunk: Buffer) => {
      if (settled) return; // failed: the rest is dropped
      try {
        scanner.push(chunk);
      } catch (e) {
        fail(asBadForm(e));
      }
    });
    source.on('end', () => {
      ended = true;
      if (settled) return;
      try {
        scanner.finish();
      } catch (e) {
        fail(asBadForm(e));
        return;
      }
      if (!done) {
        fail(badForm('В запросе нет части data.'));
        return;
      }
      if (partEnded) sink!.end();
      settle();
    });
    source.on('error', () => fail(badForm('Запрос оборван.')));
    source.on('close', () => {
      if (!ended) fail(badForm('Запрос оборван.'));
    });
  });
}

/**
 * A sink that hands the part on as a Node stream (for consumers that pipe it: the S3 store). Backpressure of
 * the stream reaches the source through `resume`.
 */
export function streamSink(resume: () => void): { sink: PartSink; stream: Readable } {
  const stream = new PassThrough({ highWaterMark: 1 << 20 });
  stream.on('drain', resume);
  // Its consumer reports what goes wrong; this listener only keeps an abort before it is piped from being uncaught.
  stream.on('error', () => undefined);
  return {
    stream,
    sink: {
      write: (bytes) => stream.write(bytes),
      end: () => stream.end(),
      abort: (err) => stream.destroy(err),
    },
  };
}
