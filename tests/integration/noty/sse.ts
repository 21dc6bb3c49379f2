import { guardLeftMs } from '../../helpers/wait-until';

/**
 * Reads a Server-Sent Events answer event by event (integration tests and the two-process test). A read waits
 * for its event as long as the running test may (guardLeftMs), unless a time is what the test judges.
 */
export interface SseEvent {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
}

export class SseReader {
  private buffer = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  ended = false;
  /** A read still under way after a timeout: the next call waits for it instead of losing its chunk. */
  private reading: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next event (or comment block) within `ms`; throws on timeout, undefined when the stream ended. */
  async next(ms = guardLeftMs(30_000)): Promise<SseEvent | undefined> {
    const deadline = Date.now() + ms;
    for (;;) {
      const cut = this.buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        return parseBlock(block);
      }
      if (this.ended) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms`);
      let timer: NodeJS.Timeout | undefined;
      this.reading ??= this.reader.read();
      // No timer for an unbounded wait (setTimeout would take Infinity for 1 ms).
      const chunk = await Promise.race([
        this.reading,
        ...(Number.isFinite(left) ? [new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), left)))] : []),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') throw new Error(`no event within ${ms} ms`);
      this.reading = undefined;
      if (chunk.done) this.ended = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  /** The next `notification` event, skipping comments and `retry`. */
  async notification(ms = guardLeftMs(30_000)): Promise<{ id: string; data: Record<string, unknown> }> {
    const deadline = Date.now() + ms;
    for (;;) {
      const e = await this.next(Math.max(1, deadline - Date.now()));
      if (!e) throw new Error('stream ended');
      if (e.event === 'notification') return { id: e.id!, data: JSON.parse(e.data!) as Record<string, unknown> };
    }
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

function parseBlock(block: string): SseEvent {
  const e: SseEvent = {};
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) e.comment = (e.comment ? `${e.comment}\n` : '') + line.slice(1).trim();
    else {
      const at = line.indexOf(':');
      const field = at < 0 ? line : line.slice(0, at);
      const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
      if (field === 'id' || field === 'event') e[field] = value;
      else if (field === 'data') e.data = e.data === undefined ? value : `${e.data}\n${value}`;
    }
  }
  return e;
}
