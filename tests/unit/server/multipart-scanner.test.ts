// @vitest-environment node
import { Busboy } from '@fastify/busboy';
import { describe, expect, it } from 'vitest';
import {
  boundaryOf,
  MultipartError,
  MultipartScanner,
  type ScannerEvents,
  type ScannerLimits,
} from '@/lib/server/services/files/multipart-scanner';

const B = '----WebKitFormBoundary7MA4YWxkTrZu0gW';
const CT = `multipart/form-data; boundary=${B}`;

const BROKEN = 'Запрос оборван или повреждён.';

/** A seeded PRNG (mulberry32): floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomBytes(rnd: () => number, n: number): Buffer {
  const out = Buffer.allocUnsafe(n);
  for (let i = 0; i < n; i++) out[i] = Math.floor(rnd() * 256);
  return out;
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  /** Raw header lines instead of the generated ones. */
  headers?: string[];
}

/** A multipart body in the shape browsers send. */
function body(parts: Part[], opts: { boundary?: string; preamble?: string; epilogue?: string } = {}): Buffer {
  const b = opts.boundary ?? B;
  const out: Buffer[] = [];
  if (opts.preamble !== undefined) out.push(Buffer.from(opts.preamble + '\r\n'));
  for (const p of parts) {
    const headers = p.headers ?? [
      `Content-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`,
      ...(p.filename !== undefined ? ['Content-Type: application/octet-stream'] : []),
    ];
    out.push(Buffer.from(`--${b}\r\n${headers.join('\r\n')}\r\n\r\n`));
    out.push(typeof p.value === 'string' ? Buffer.from(p.value) : p.value);
    out.push(Buffer.from('\r\n'));
  }
  out.push(Buffer.from(`--${b}--`));
  if (opts.epilogue !== undefined) out.push(Buffer.from(opts.epilogue));
  return Buffer.concat(out);
}

type Event = ['field', string, string] | ['fileStart', string, string | null] | ['data', string] | ['fileEnd'];

interface Outcome {
  events: Event[];
  /** Number of fileData calls. */
  calls: number;
}

/**
 * Records the events of a scan, consecutive fileData merged (as hex) so that any split of the input compares
 * equal; `pieces` are the fileData buffers themselves.
 */
function recorder(): { events: ScannerEvents; result: () => Outcome; pieces: Buffer[] } {
  const log: Event[] = [];
  const pieces: Buffer[] = [];
  let calls = 0;
  let pending: Buffer[] = [];
  const flush = () => {
    if (pending.length) log.push(['data', Buffer.concat(pending).toString('hex')]);
    pending = [];
  };
  const events: ScannerEvents = {
    field: (name, value) => {
      flush();
      log.push(['field', name, value]);
    },
    fileStart: (name, filename) => {
      flush();
      log.push(['fileStart', name, filename]);
    },
    fileData: (bytes) => {
      if (bytes.length === 0) throw new Error('empty fileData');
      calls++;
      pending.push(bytes);
      pieces.push(bytes);
    },
    fileEnd: () => {
      flush();
      log.push(['fileEnd']);
    },
  };
  const result = (): Outcome => {
    flush();
    return { events: [...log], calls };
  };
  return { events, result, pieces };
}

/** Scans `input` cut into the pieces at `cuts` (ascending offsets). */
function scan(
  input: Buffer,
  cuts: number[] = [],
  opts: { boundary?: string; limits?: Partial<ScannerLimits> } = {},
): Outcome & { done: boolean } {
  const { events, result } = recorder();
  const s = new MultipartScanner(opts.boundary ?? B, events, { limits: opts.limits });
  let at = 0;
  for (const c of [...cuts, input.length]) {
    s.push(input.subarray(at, c));
    at = c;
  }
  s.finish();
  return { ...result(), done: s.done };
}

/** Random cut points: pieces of 1..max bytes. */
function randomCuts(rnd: () => number, length: number, max: number): number[] {
  const cuts: number[] = [];
  let at = 0;
  for (;;) {
    at += 1 + Math.floor(rnd() * max);
    if (at >= length) return cuts;
    cuts.push(at);
  }
}

const everyByte = (n: number): number[] => Array.from({ length: n - 1 }, (_, i) => i + 1);

const hex = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s) : s).toString('hex');

/** Expects every way of cutting `input` to give `expected`. */
function expectAllSplits(input: Buffer, expected: Event[], opts: { boundary?: string; seed?: number } = {}): void {
  const whole = scan(input, [], opts);
  expect(whole.events).toEqual(expected);
  expect(whole.done).toBe(true);
  for (let i = 1; i < input.length; i++) expect(scan(input, [i], opts).events, `split at ${i}`).toEqual(expected);
  expect(scan(input, everyByte(input.length), opts).events).toEqual(expected);
  const rnd = prng(opts.seed ?? 1);
  for (let k = 0; k < 300; k++) {
    const cuts = randomCuts(rnd, input.length, 1 + Math.floor(rnd() * 90));
    expect(scan(input, cuts, opts).events, `cuts ${cuts.join(',')}`).toEqual(expected);
  }
}

/** What @fastify/busboy makes of the same pushes. */
function busboyScan(input: Buffer, cuts: number[], contentType = CT): Promise<Event[]> {
  return new Promise((resolve, reject) => {
    const events: Event[] = [];
    const bb = new Busboy({ headers: { 'content-type': contentType }, isPartAFile: (n) => n === 'data' });
    let open = 0;
    let finished = false;
    const settle = () => {
      if (finished && open === 0) resolve(events);
    };
    bb.on('field', (name, value) => events.push(['field', name, value]));
    bb.on('file', (name, stream, filename) => {
      const ev: Event[] = [['fileStart', name, filename ?? null]];
      events.push(...ev);
      const chunks: Buffer[] = [];
      const at = events.length;
      open++;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const tail: Event[] = chunks.length ? [['data', Buffer.concat(chunks).toString('hex')], ['fileEnd']] : [['fileEnd']];
        events.splice(at, 0, ...tail);
        open--;
        settle();
      });
    });
    bb.on('error', reject);
    bb.on('finish', () => {
      finished = true;
      settle();
    });
    let from = 0;
    for (const c of [...cuts, input.length]) {
      bb.write(input.subarray(from, c));
      from = c;
    }
    bb.end();
  });
}

/** Expects `fn` to throw a MultipartError with `message`. */
function expectError(fn: () => unknown, message: string): void {
  let caught: unknown;
  try {
    fn();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(MultipartError);
  expect((caught as Error).message).toBe(message);
}

describe('boundaryOf', () => {
  it('takes the boundary of multipart/form-data, quoted or not', () => {
    expect(boundaryOf(CT)).toBe(B);
    expect(boundaryOf('multipart/form-data; boundary="a b:c=d"')).toBe('a b:c=d');
    expect(boundaryOf('multipart/form-data;boundary=xyz')).toBe('xyz');
    expect(boundaryOf('Multipart/Form-Data; BOUNDARY=XyZ')).toBe('XyZ');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary=abc ; x=y')).toBe('abc');
    expect(boundaryOf('multipart/form-data; boundary="q\\"x"')).toBe('q"x');
    expect(boundaryOf(`multipart/form-data; boundary=${'a'.repeat(70)}`)).toBe('a'.repeat(70));
  });

  it('is null for other types and missing, empty, long or odd boundaries', () => {
    expect(boundaryOf(null)).toBeNull();
    expect(boundaryOf(undefined)).toBeNull();
    expect(boundaryOf('')).toBeNull();
    expect(boundaryOf('application/json')).toBeNull();
    expect(boundaryOf('multipart/mixed; boundary=abc')).toBeNull();
    expect(boundaryOf('text/plain; boundary=abc')).toBeNull();
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('multipart/form-data; charset=utf-8')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary=')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary=""')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="abc')).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${'a'.repeat(71)}`)).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="a\rb"')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="ab "')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="абв"')).toBeNull();
  });
});

describe('MultipartScanner', () => {
  const content = Buffer.from('file bytes\r\nwith a CRLF and \0 binary \xff'.repeat(3), 'latin1');
  const form = body([
    { name: 'upload_id', value: '42' },
    { name: 'chunk_id', value: 'семь' },
    { name: 'data', filename: 'part.bin', value: content },
  ]);
  const expected: Event[] = [
    ['field', 'upload_id', '42'],
    ['field', 'chunk_id', 'семь'],
    ['fileStart', 'data', 'part.bin'],
    ['data', content.toString('hex')],
    ['fileEnd'],
  ];

  it('reads two fields and a data part', () => {
    const r = scan(form);
    expect(r.events).toEqual(expected);
    expect(r.calls).toBe(1);
    expect(r.done).toBe(true);
  });

  it('gives the same result for every split in two, 1-byte pushes and random pushes', () => {
    expectAllSplits(form, expected, { seed: 7 });
  });

  it('is exact when the content holds near misses of the delimiter', () => {
    const d = `\r\n--${B}`;
    const misses = [
      ...Array.from({ length: d.length - 1 }, (_, k) => d.slice(0, k + 1) + 'x'),
      `\r\n--${B.slice(0, -1)}X`,
      `\r\n-`,
      `\r\r\n\r\n-\r\n--`,
      `--${B}\r\n`,
      `\n--${B}`,
      `\r--${B}`,
      `\r\n-${B}`,
      `\r\n--${B.toUpperCase()}`,
    ];
    for (const miss of misses) {
      const data = Buffer.from(`a${miss}b${miss}`, 'latin1');
      const input = body([
        { name: 'f', value: `f${miss}` },
        { name: 'data', filename: 'x', value: data },
      ]);
      const exp: Event[] = [
        ['field', 'f', `f${miss}`],
        ['fileStart', 'data', 'x'],
        ['data', hex(data)],
        ['fileEnd'],
      ];
      expect(scan(input).events).toEqual(exp);
      for (let i = 1; i < input.length; i++) expect(scan(input, [i]).events, `${JSON.stringify(miss)} at ${i}`).toEqual(exp);
      expect(scan(input, everyByte(input.length)).events).toEqual(exp);
    }
  });

  it('is exact when the content ends in a delimiter prefix (a trailing CR at a push edge)', () => {
    for (const end of ['\r', '\r\n', '\r\n-', '\r\n--', `\r\n--${B.slice(0, 5)}`, `\r\n--${B.slice(0, -1)}`]) {
      const data = Buffer.from(`xyz${end}`, 'latin1');
      const input = body([{ name: 'data', value: data }]);
      expectAllSplits(input, [['fileStart', 'data', null], ['data', hex(data)], ['fileEnd']], { seed: end.length });
    }
  });

  it('handles empty values and an empty data part', () => {
    const input = body([
      { name: 'a', value: '' },
      { name: 'data', value: '' },
    ]);
    expectAllSplits(input, [['field', 'a', ''], ['fileStart', 'data', null], ['fileEnd']]);
    expect(scan(Buffer.from(`--${B}--`)).events).toEqual([]);
  });

  it('agrees with @fastify/busboy on random binary content and random pushes', async () => {
    const rnd = prng(2024);
    const data = randomBytes(rnd, 300_000);
    // Sprinkle near misses of the delimiter into the content.
    for (let k = 0; k < 200; k++) {
      const miss = Buffer.from(`\r\n--${B}`.slice(0, 1 + Math.floor(rnd() * (B.length + 3))), 'latin1');
      miss.copy(data, Math.floor(rnd() * (data.length - miss.length)));
    }
    expect(data.indexOf(`\r\n--${B}`)).toBe(-1);
    const input = body([
      { name: 'upload_id', value: 'u-1' },
      { name: 'chunk_id', value: '3' },
      { name: 'data', filename: 'blob', value: data },
    ]);
    const expectedEvents: Event[] = [
      ['field', 'upload_id', 'u-1'],
      ['field', 'chunk_id', '3'],
      ['fileStart', 'data', 'blob'],
      ['data', data.toString('hex')],
      ['fileEnd'],
    ];
    expect(await busboyScan(input, [])).toEqual(expectedEvents);
    for (let k = 0; k < 25; k++) {
      const cuts = randomCuts(rnd, input.length, k % 5 === 0 ? 100 : 70_000);
      const mine = scan(input, cuts).events;
      expect(mine).toEqual(await busboyScan(input, cuts));
      expect(mine).toEqual(expectedEvents);
    }
  });

  it('delivers a 5 MB part in 64 KiB pushes as views, holding back less than a delimiter', () => {
    const rnd = prng(5);
    const data = randomBytes(rnd, 5 * 1024 * 1024);
    const input = body([
      { name: 'upload_id', value: '1' },
      { name: 'data', filename: 'big', value: data },
    ]);
    const { events, pieces } = recorder();
    const s = new MultipartScanner(B, events);
    const head = input.indexOf('\r\n\r\n', input.indexOf('name="data"')) + 4;
    const delimLength = B.length + 4;
    for (let at = 0; at < input.length; at += 65536) {
      const chunk = Buffer.from(input.subarray(at, at + 65536)); // its own memory, like a socket's chunk
      const before = pieces.length;
      s.push(chunk);
      // Views of this chunk, or a held-back delimiter prefix that turned out to be content.
      for (const p of pieces.slice(before)) expect(p.buffer === chunk.buffer || p.length < delimLength).toBe(true);
      const emitted = pieces.reduce((n, p) => n + p.length, 0);
      const pushedContent = Math.min(at + chunk.length, head + data.length) - head;
      if (pushedContent > 0) expect(pushedContent - emitted).toBeLessThan(delimLength);
    }
    s.finish();
    expect(pieces.reduce((n, p) => n + p.length, 0)).toBe(data.length);
    expect(Buffer.concat(pieces).equals(data)).toBe(true);
  });

  it('hands out fileData as views of the pushed chunk', () => {
    const data = Buffer.alloc(10_000, 'z');
    const input = Buffer.from(body([{ name: 'data', filename: 'v', value: data }]));
    const { events, pieces } = recorder();
    const s = new MultipartScanner(B, events);
    s.push(input);
    s.finish();
    expect(pieces).toHaveLength(1);
    const view = pieces[0]!;
    expect(view.buffer).toBe(input.buffer);
    expect(view.byteOffset).toBe(input.byteOffset + input.indexOf(data));
    expect(view.length).toBe(data.length);
  });

  it('ignores the preamble and the epilogue', () => {
    const parts: Part[] = [
      { name: 'x', value: '1' },
      { name: 'data', value: 'D' },
    ];
    const exp: Event[] = [['field', 'x', '1'], ['fileStart', 'data', null], ['data', hex('D')], ['fileEnd']];
    expectAllSplits(body(parts, { preamble: `junk --${B} more\r\n-${B}\r\n`, epilogue: `\r\n--${B}\r\ngarbage` }), exp);
    // A body that starts with CRLF before the first delimiter, and one whose close has no CRLF after it.
    expectAllSplits(Buffer.concat([Buffer.from('\r\n'), body(parts)]), exp);
    expectAllSplits(Buffer.concat([body(parts), Buffer.from('\r\n')]), exp);
  });

  it('stops at the close delimiter: done, and later pushes are ignored', () => {
    const { events, result } = recorder();
    const s = new MultipartScanner(B, events);
    s.push(body([{ name: 'a', value: 'b' }]));
    expect(s.done).toBe(true);
    s.push(Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="c"\r\n\r\nd\r\n--${B}--`));
    s.finish();
    expect(result().events).toEqual([['field', 'a', 'b']]);
  });

  it('accepts transport padding after a delimiter', () => {
    const input = Buffer.from(
      `--${B} \t \r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--${B}\t\r\n` +
        `Content-Disposition: form-data; name="data"\r\n\r\nw\r\n--${B}--`,
    );
    expectAllSplits(input, [['field', 'a', 'v'], ['fileStart', 'data', null], ['data', hex('w')], ['fileEnd']]);
  });

  it('works with a quoted boundary from the content type', () => {
    const boundary = boundaryOf(`multipart/form-data; boundary="weird'b(o)u+n_d,a-r.y/:=? x"`);
    expect(boundary).toBe(`weird'b(o)u+n_d,a-r.y/:=? x`);
    const input = body([{ name: 'a', value: `--weird'b` }, { name: 'data', value: '\r\n--weird' }], { boundary: boundary! });
    expectAllSplits(input, [['field', 'a', `--weird'b`], ['fileStart', 'data', null], ['data', hex('\r\n--weird')], ['fileEnd']], {
      boundary: boundary!,
    });
  });

  it('parses part headers', () => {
    const one = (headers: string[]) => scan(body([{ name: '', value: 'v', headers }])).events[0];
    expect(one(['content-disposition: form-data; name="x"'])).toEqual(['field', 'x', 'v']);
    expect(one(['Content-Type: text/plain', 'CONTENT-DISPOSITION:FORM-DATA;NAME=tok'])).toEqual(['field', 'tok', 'v']);
    expect(one(['Content-Disposition: form-data; name="a\\"b\\\\c;d"'])).toEqual(['field', 'a"b\\c;d', 'v']);
    expect(one(['Content-Disposition: form-data; name="имя"'])).toEqual(['field', 'имя', 'v']);
    expect(one(['Content-Disposition: form-data;', ' name="folded"'])).toEqual(['field', 'folded', 'v']);
    expect(one(['Content-Disposition: form-data; name=""'])).toEqual(['field', '', 'v']);
    const file = (headers: string[]) => scan(body([{ name: '', value: 'v', headers }])).events[0];
    expect(file(['Content-Disposition: form-data; name="data"; filename="отчёт 1.pdf"'])).toEqual(['fileStart', 'data', 'отчёт 1.pdf']);
    expect(file(['Content-Disposition: form-data; name="data"; filename=""'])).toEqual(['fileStart', 'data', '']);
    expect(file(['Content-Disposition: form-data; name="data"'])).toEqual(['fileStart', 'data', null]);
    expect(file([`Content-Disposition: form-data; name="data"; filename="a.txt"; filename*=UTF-8''%E2%82%AC%20rates.txt`])).toEqual([
      'fileStart',
      'data',
      '€ rates.txt',
    ]);
    expect(file([`Content-Disposition: form-data; name="data"; filename="a.txt"; filename*=bogus`])).toEqual(['fileStart', 'data', 'a.txt']);
  });

  describe('errors', () => {
    it('throws on finish without the close delimiter, without fileEnd, and stays dead', () => {
      const full = body([
        { name: 'a', value: 'b' },
        { name: 'data', value: 'payload' },
      ]);
      for (const cut of [0, 10, full.indexOf('payload') + 3, full.length - 3, full.length - 1]) {
        const { events, result } = recorder();
        const s = new MultipartScanner(B, events);
        s.push(full.subarray(0, cut));
        expectError(() => s.finish(), BROKEN);
        expect(result().events.some((e) => e[0] === 'fileEnd')).toBe(false);
        expect(s.done).toBe(false);
        expectError(() => s.push(full.subarray(cut)), BROKEN);
        expectError(() => s.finish(), BROKEN);
      }
    });

    it('limits the number of fields', () => {
      const fields = (n: number) => Array.from({ length: n }, (_, i): Part => ({ name: `f${i}`, value: 'v' }));
      expect(scan(body([...fields(10), { name: 'data', value: 'x' }])).events).toHaveLength(13);
      expectError(() => scan(body([...fields(11), { name: 'data', value: 'x' }])), 'Слишком много полей в запросе.');
      expectError(() => scan(body(fields(3)), [], { limits: { fields: 2 } }), 'Слишком много полей в запросе.');
    });

    it('allows one data part', () => {
      const { events, result } = recorder();
      const s = new MultipartScanner(B, events);
      const input = body([
        { name: 'data', value: 'one' },
        { name: 'data', value: 'two' },
      ]);
      expectError(() => s.push(input), 'В запросе должна быть одна часть data.');
      expect(result().events).toEqual([['fileStart', 'data', null], ['data', hex('one')], ['fileEnd']]);
      expectError(() => s.push(Buffer.from('x')), 'В запросе должна быть одна часть data.');
      expectError(() => s.finish(), 'В запросе должна быть одна часть data.');
      expect(scan(input, [], { limits: { files: 2 } }).events).toHaveLength(6);
    });

    it('limits the size of a field value', () => {
      expect(scan(body([{ name: 'a', value: 'я'.repeat(512) }])).events).toEqual([['field', 'a', 'я'.repeat(512)]]);
      const long = body([{ name: 'a', value: 'x'.repeat(1025) }]);
      expectError(() => scan(long), 'Поле запроса слишком длинное.');
      expectError(() => scan(long, everyByte(long.length)), 'Поле запроса слишком длинное.');
      expectError(() => scan(body([{ name: 'a', value: 'abcdef' }]), [], { limits: { fieldSize: 5 } }), 'Поле запроса слишком длинное.');
    });

    it('limits the size of a header block', () => {
      const headers = (size: number) => {
        const first = 'Content-Disposition: form-data; name="a"';
        const filler = `X-Pad: ${'p'.repeat(size - first.length - 2 - 'X-Pad: '.length - 2)}`;
        return [first, filler];
      };
      const fits = body([{ name: '', value: 'v', headers: headers(8192) }]);
      expect(scan(fits).events).toEqual([['field', 'a', 'v']]);
      expect(scan(fits, everyByte(fits.length)).events).toEqual([['field', 'a', 'v']]);
      const over = body([{ name: '', value: 'v', headers: headers(8193) }]);
      expectError(() => scan(over), BROKEN);
      expectError(() => scan(over, everyByte(over.length)), BROKEN);
      expectError(() => scan(Buffer.from(`--${B}\r\n${'h'.repeat(20_000)}`)), BROKEN);
    });

    it('rejects garbage after a delimiter', () => {
      for (const after of ['x', '-x', ' x', '\rx', '\n', ' \r ']) {
        const input = Buffer.from(`--${B}\r\nContent-Disposition: form-data; name="data"\r\n\r\nabc\r\n--${B}${after}\r\n`);
        const { events, result } = recorder();
        const s = new MultipartScanner(B, events);
        expectError(() => s.push(input), BROKEN);
        expect(result().events).toEqual([['fileStart', 'data', null], ['data', hex('abc')]]);
        expectError(() => scan(Buffer.from(`--${B}${after}`)), BROKEN);
      }
    });

    it('rejects parts without a name and broken headers', () => {
      const bad = (headers: string[]) => expectError(() => scan(body([{ name: '', value: 'v', headers }])), BROKEN);
      bad(['Content-Type: text/plain']);
      bad([]);
      bad(['Content-Disposition: form-data']);
      bad(['Content-Disposition: form-data; filename="a"']);
      bad(['Content-Disposition: attachment; name="a"']);
      bad(['Content-Disposition: form-data; name="a']);
      bad(['Content-Disposition: form-data; name']);
      bad(['no colon here', 'Content-Disposition: form-data; name="a"']);
      bad([' folded first', 'Content-Disposition: form-data; name="a"']);
    });
  });
});
