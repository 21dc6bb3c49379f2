import 'server-only';
import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';

/** Passes bytes through, counting them and computing their SHA-256; fails once more than `limit` bytes pass. */
export class Measure extends Transform {
  readonly hash = createHash('sha256');
  bytes = 0;
  constructor(private readonly limit: number = Number.MAX_SAFE_INTEGER) {
    // Big buffers: fewer backpressure round trips between the parser and the store on multi-MB chunks.
    super({ highWaterMark: 1 << 20 });
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null, data?: Buffer) => void): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limit) {
      done(new TooLong());
      return;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

export class TooLong extends Error {
  constructor() {
    super('body longer than expected');
    this.name = 'TooLong';
  }
}
