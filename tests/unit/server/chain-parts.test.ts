// @vitest-environment node
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chainParts } from '@/lib/server/services/files/object-body';

/**
 * Resolves once what the last step set off has run: stream destruction and the chain's reactions to it are
 * process.nextTick and promise callbacks, and Node runs all of those (and those they queue) before an immediate.
 */
const settled = () => new Promise((r) => setImmediate(r));

/**
 * A part that gives `chunks` and then ends, or, with `stall`, waits for ever after them (a slow store);
 * `waiting` resolves once it has been asked for a chunk it does not have.
 */
function part(chunks: string[], { stall = false } = {}) {
  const queue = [...chunks];
  let asked!: () => void;
  const waiting = new Promise<void>((r) => (asked = r));
  const stream = new Readable({
    read() {
      if (queue.length) this.push(Buffer.from(queue.shift()!));
      else if (!stall) this.push(null);
      else asked();
    },
  });
  return Object.assign(stream, { waiting });
}

async function readAll(stream: Readable) {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe('the parts of a file read as one stream', () => {
  it('reads the parts in order, each opened only once the one before has ended', async () => {
    const events: string[] = [];
    const parts = [part(['a1', 'a2']), part(['b1']), part(['c1', 'c2'])];
    parts[0]!.on('end', () => events.push('end 0'));
    parts[1]!.on('end', () => events.push('end 1'));
    const out = chainParts(parts[0]!, 3, async (i) => {
      events.push(`open ${i}`);
      return parts[i]!;
    });
    expect(await readAll(out)).toBe('a1a2b1c1c2');
    expect(events).toEqual(['end 0', 'open 1', 'end 1', 'open 2']);
  });

  it('nothing to read: an empty stream', async () => {
    expect(await readAll(chainParts(null, 0, async () => part([])))).toBe('');
  });

  it('destroyed while a part waits for its next chunk: that part is destroyed at once, nothing more is opened', async () => {
    const slow = part(['x'], { stall: true });
    let opened = 0;
    const out = chainParts(slow, 2, async () => {
      opened++;
      return part(['y']);
    });
    out.once('data', () => undefined);
    await slow.waiting;
    out.destroy();
    expect(slow.destroyed).toBe(true);
    await settled();
    expect(opened).toBe(0);
  });

  it('a part that opens after the stream was destroyed is destroyed as it arrives', async () => {
    let arrive!: (r: Readable) => void;
    let opening!: () => void;
    const opened = new Promise<void>((r) => (opening = r));
    const late = part(['z'], { stall: true });
    const out = chainParts(part(['a']), 2, () => {
      opening();
      return new Promise<Readable>((r) => (arrive = r));
    });
    out.resume();
    await opened;
    out.destroy();
    arrive(late);
    await settled();
    expect(late.destroyed).toBe(true);
  });
});
