import 'server-only';

/**
 * A synchronous push parser for `multipart/form-data` (RFC 2046 §5.1.1, RFC 7578), built for the hot path of
 * chunked uploads: the delimiter is found with native `Buffer#indexOf`, and file bytes leave as `subarray` views
 * of the pushed chunks — the body is never copied nor scanned byte by byte in JS.
 *
 * The body is treated as if prefixed with CRLF, so every delimiter (the first one too) is the same byte string
 * `\r\n--boundary`. A boundary never contains CR, so a delimiter can begin only at a CR and no proper suffix
 * of a delimiter prefix begins one: the carry between pushes is just the length of the delimiter prefix that
 * ends the input so far (its bytes are known — they are the delimiter's own), never a copy of the input.
 */

/** A malformed body or a broken limit; the message is meant for the user. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

export interface ScannerEvents {
  /** A complete non-file part: its name and its UTF-8 decoded value. */
  field(name: string, value: string): void;
  /** A file part begins (a part whose name is in `fileParts`). */
  fileStart(name: string, filename: string | null): void;
  /** Bytes of the current file part, in order (views of the pushed chunks; may be retained). Never empty. */
  fileData(bytes: Buffer): void;
  /** The current file part ended (its closing delimiter was seen). */
  fileEnd(): void;
}

export interface ScannerLimits {
  /** Most non-file parts. */
  fields: number;
  /** Most bytes of one field's value. */
  fieldSize: number;
  /** Most file parts. */
  files: number;
  /** Most bytes of one part's header block (its header lines with their CRLFs, without the empty line). */
  headerSize: number;
}

const DEFAULT_LIMITS: ScannerLimits = { fields: 10, fieldSize: 1024, files: 1, headerSize: 8192 };

const MSG_BROKEN = 'Запрос оборван или повреждён.';
const MSG_FIELDS = 'Слишком много полей в запросе.';
const MSG_FILES = 'В запросе должна быть одна часть data.';
const MSG_FIELD_SIZE = 'Поле запроса слишком длинное.';

const broken = (): MultipartError => new MultipartError(MSG_BROKEN);

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const SP = 0x20;
const HT = 0x09;
const CRLFCRLF = Buffer.from('\r\n\r\n', 'latin1');

/** Boundaries as RFC 2046 allows them, loosened to any printable ASCII (no CR/LF, not ending in a space). */
const BOUNDARY_RE = /^[\x20-\x7e]{0,69}[\x21-\x7e]$/;

const isWs = (c: string | undefined): boolean => c === ' ' || c === '\t';

/**
 * Parameters `; key=value` of a header value from index `i` on (keys lower-cased, the first of a repeated key
 * wins); values are tokens or quoted-strings with backslash escapes. Null when malformed.
 */
function parseParams(s: string, i: number): Map<string, string> | null {
  const out = new Map<string, string>();
  const n = s.length;
  for (;;) {
    while (i < n && isWs(s[i])) i++;
    if (i >= n) return out;
    if (s[i] !== ';') return null;
    i++;
    while (i < n && isWs(s[i])) i++;
    if (i >= n) return out; // a trailing `;`
    const eq = s.indexOf('=', i);
    if (eq < 0) return null;
    const key = s.slice(i, eq).trim().toLowerCase();
    if (!key || /[\s;",]/.test(key)) return null;
    i = eq + 1;
    while (i < n && isWs(s[i])) i++;
    let value = '';
    if (s[i] === '"') {
      i++;
      for (;;) {
        const c = s[i];
        if (c === undefined) return null; // unterminated
        if (c === '"') {
          i++;
          break;
        }
        if (c === '\\') {
          const next = s[i + 1];
          if (next === undefined) return null;
          value += next;
          i += 2;
        } else {
          value += c;
          i++;
        }
      }
    } else {
      const start = i;
      while (i < n && s[i] !== ';') i++;
      value = s.slice(start, i).trim();
      if (!value || /[\s"]/.test(value)) return null;
    }
    if (!out.has(key)) out.set(key, value);
  }
}

/** An RFC 8187 extended value (`UTF-8''%e2%82%ac.txt`) decoded; null when it cannot be. */
function decodeExtValue(v: string): string | null {
  const m = /^([!#$%&+^`{}~\w-]+)'[^']*'(.*)$/.exec(v);
  if (!m) return null;
  const charset = m[1]!.toLowerCase();
  const encoded = m[2]!;
  if (/%(?![0-9a-f]{2})/i.test(encoded)) return null;
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i++) {
    if (encoded[i] === '%') {
      bytes.push(parseInt(encoded.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const c = encoded.charCodeAt(i);
      if (c > 0x7e) return null;
      bytes.push(c);
    }
  }
  const buf = Buffer.from(bytes);
  if (charset === 'utf-8') {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch {
      return null;
    }
  }
  if (charset === 'iso-8859-1') return buf.toString('latin1');
  return null;
}

/**
 * Boundary from a Content-Type header value (`multipart/form-data; boundary=...`, quoted or not, case-insensitive
 * media type and parameter name); null when the type is not multipart/form-data or the boundary is missing,
 * empty or longer than 70 chars (or not printable ASCII).
 */
export function boundaryOf(contentType: string | null | undefined): string | null {
  if (!contentType) return null;
  const semi = contentType.indexOf(';');
  const type = (semi < 0 ? contentType : contentType.slice(0, semi)).trim().toLowerCase();
  if (type !== 'multipart/form-data' || semi < 0) return null;
  const params = parseParams(contentType, semi);
  const boundary = params?.get('boundary');
  return boundary !== undefined && BOUNDARY_RE.test(boundary) ? boundary : null;
}

/** Name and filename of a part from its header block (the header lines joined by CRLF). */
function partIdentity(block: string): { name: string; filename: string | null } {
  let disposition: string | null = null;
  let current: string | null = null; // the value of Content-Disposition while its (folded) lines are read
  let lines = 0;
  for (const line of block ? block.split('\r\n') : []) {
    if (isWs(line[0])) {
      // An obsolete folded continuation of the previous header line.
      if (lines === 0) throw broken();
      if (current !== null) current += ' ' + line.trim();
      continue;
    }
    if (current !== null) disposition ??= current;
    current = null;
    lines++;
    const colon = line.indexOf(':');
    if (colon <= 0) throw broken();
    if (line.slice(0, colon).trim().toLowerCase() === 'content-disposition') current = line.slice(colon + 1).trim();
  }
  if (current !== null) disposition ??= current;
  if (disposition === null) throw broken();
  const d: string = disposition;
  const semi = d.indexOf(';');
  if ((semi < 0 ? d : d.slice(0, semi)).trim().toLowerCase() !== 'form-data') throw broken();
  const params = semi < 0 ? new Map<string, string>() : parseParams(d, semi);
  if (!params) throw broken();
  const name = params.get('name');
  if (name === undefined) throw broken();
  const ext = params.get('filename*');
  const extName = ext === undefined ? null : decodeExtValue(ext);
  return { name, filename: extName ?? params.get('filename') ?? null };
}

// Scanner states.
const S_PREAMBLE = 0; // before the first delimiter: content is discarded
const S_CONTENT = 1; // inside a part's content
const S_DELIM = 2; // right after a delimiter: `--`, whitespace or CRLF follows
const S_DASH = 3; // one `-` of the close delimiter seen
const S_LWSP = 4; // transport padding after a delimiter
const S_CR = 5; // the CR ending a delimiter line seen
const S_HEADERS = 6; // reading a part's header block
const S_DONE = 7; // the close delimiter seen; the epilogue is ignored
type State = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

const K_NONE = 0;
const K_FIELD = 1;
const K_FILE = 2;
type Kind = 0 | 1 | 2;

export class MultipartScanner {
  private readonly delim: Buffer;
  private readonly events: ScannerEvents;
  private readonly fileParts: (name: string) => boolean;
  private readonly limits: ScannerLimits;

  private state: State = S_PREAMBLE;
  /** Bytes of `delim` matched at the very end of the input so far (content or preamble states). */
  private partial = 2; // the virtual CRLF before the body
  private failure: unknown = null;
  private failed = false;

  private kind: Kind = K_NONE;
  private partName = '';
  private fieldCount = 0;
  private fileCount = 0;
  private readonly fieldBuf: Buffer;
  private fieldLen = 0;
  /** The header block being read, prefixed with the CRLF that ended the delimiter line. */
  private readonly headerBuf: Buffer;
  private headerLen = 0;
  private padding = 0;

  constructor(
    boundary: string,
    events: ScannerEvents,
    opts: { fileParts?: (name: string) => boolean; limits?: Partial<ScannerLimits> } = {},
  ) {
    if (!BOUNDARY_RE.test(boundary)) throw broken();
    this.delim = Buffer.from(`\r\n--${boundary}`, 'latin1');
    this.events = events;
    this.fileParts = opts.fileParts ?? ((name) => name === 'data');
    this.limits = { ...DEFAULT_LIMITS, ...opts.limits };
    this.fieldBuf = Buffer.allocUnsafe(this.limits.fieldSize);
    this.headerBuf = Buffer.allocUnsafe(this.limits.headerSize + 4);
    this.headerBuf[0] = CR;
    this.headerBuf[1] = LF;
  }

  /** True once the closing boundary `--boundary--` has been seen (the rest, the epilogue, is ignored). */
  get done(): boolean {
    return this.state === S_DONE;
  }

  /**
   * Feeds the next bytes of the body. Throws MultipartError on malformed input or a limit; after a throw the
   * scanner is dead (further push/finish throw the same error). Events fire synchronously from inside push.
   */
  push(chunk: Buffer): void {
    if (this.failed) throw this.failure;
    if (this.state === S_DONE || chunk.length === 0) return;
    try {
      this.scan(chunk);
    } catch (err) {
      this.failed = true;
      this.failure = err;
      throw err;
    }
  }

  /** The body ended. Throws MultipartError when the closing boundary was not seen (fileEnd is then not emitted). */
  finish(): void {
    if (this.failed) throw this.failure;
    if (this.state !== S_DONE) {
      this.failed = true;
      this.failure = broken();
      throw this.failure;
    }
  }

  private scan(buf: Buffer): void {
    const len = buf.length;
    let off = 0;
    while (off < len) {
      switch (this.state) {
        case S_PREAMBLE:
        case S_CONTENT:
          off = this.content(buf, off);
          break;
        case S_DELIM: {
          const c = buf[off++];
          if (c === DASH) this.state = S_DASH;
          else if (c === CR) this.state = S_CR;
          else if (c === SP || c === HT) {
            this.padding = 1;
            this.state = S_LWSP;
          } else throw broken();
          break;
        }
        case S_DASH:
          if (buf[off] !== DASH) throw broken();
          this.endPart();
          this.state = S_DONE;
          return;
        case S_LWSP: {
          const c = buf[off++];
          if (c === CR) this.state = S_CR;
          else if ((c !== SP && c !== HT) || ++this.padding > this.limits.headerSize) throw broken();
          break;
        }
        case S_CR:
          if (buf[off++] !== LF) throw broken();
          this.endPart();
          this.headerLen = 2;
          this.state = S_HEADERS;
          break;
        case S_HEADERS:
          off = this.headers(buf, off);
          break;
        default:
          return;
      }
    }
  }

  /** Content (or preamble) from `off`: up to and through the next delimiter, or to the end of `buf`. */
  private content(buf: Buffer, off: number): number {
    const delim = this.delim;
    const dl = delim.length;
    const len = buf.length;
    const t = this.partial;
    if (t > 0) {
      // The input so far ended with delim[0, t): does `buf` go on with the rest of it?
      const n = Math.min(dl - t, len - off);
      if (buf.compare(delim, t, t + n, off, off + n) === 0) {
        if (t + n === dl) {
          this.partial = 0;
          this.state = S_DELIM;
        } else this.partial = t + n;
        return off + n;
      }
      // It does not: those bytes were content, and no delimiter begins inside them but at their CR.
      this.partial = 0;
      this.sink(delim.subarray(0, t));
    }
    const at = buf.indexOf(delim, off);
    if (at >= 0) {
      if (at > off) this.sink(buf.subarray(off, at));
      this.state = S_DELIM;
      return at + dl;
    }
    // Hold back a tail that may begin a delimiter: it starts at the last CR of the final dl - 1 bytes.
    let end = len;
    const from = Math.max(off, len - dl + 1);
    const cr = buf.subarray(from, len).lastIndexOf(CR);
    if (cr >= 0) {
      const s = from + cr;
      if (buf.compare(delim, 0, len - s, s, len) === 0) {
        end = s;
        this.partial = len - s;
      }
    }
    if (end > off) this.sink(buf.subarray(off, end));
    return len;
  }

  /** Content bytes of the current part. */
  private sink(bytes: Buffer): void {
    if (this.kind === K_FILE) this.events.fileData(bytes);
    else if (this.kind === K_FIELD) {
      if (this.fieldLen + bytes.length > this.limits.fieldSize) throw new MultipartError(MSG_FIELD_SIZE);
      bytes.copy(this.fieldBuf, this.fieldLen);
      this.fieldLen += bytes.length;
    }
  }

  /** Header bytes from `off`, up to the empty line; then the part begins. */
  private headers(buf: Buffer, off: number): number {
    const acc = this.headerBuf;
    const prev = this.headerLen;
    const n = Math.min(acc.length - prev, buf.length - off);
    buf.copy(acc, prev, off, off + n);
    const filled = prev + n;
    const p = acc.subarray(0, filled).indexOf(CRLFCRLF, Math.max(0, prev - 3));
    if (p < 0) {
      if (filled === acc.length) throw broken(); // the block is longer than headerSize
      this.headerLen = filled;
      return off + n;
    }
    this.headerLen = 0;
    this.beginPart(acc.toString('utf8', 2, Math.max(2, p)));
    return off + (p + 4 - prev);
  }

  private beginPart(block: string): void {
    const { name, filename } = partIdentity(block);
    this.partName = name;
    this.partial = 0;
    this.state = S_CONTENT;
    if (this.fileParts(name)) {
      if (++this.fileCount > this.limits.files) throw new MultipartError(MSG_FILES);
      this.kind = K_FILE;
      this.events.fileStart(name, filename);
    } else {
      if (++this.fieldCount > this.limits.fields) throw new MultipartError(MSG_FIELDS);
      this.kind = K_FIELD;
      this.fieldLen = 0;
    }
  }

  /** The current part's closing delimiter has been seen and checked. */
  private endPart(): void {
    const kind = this.kind;
    this.kind = K_NONE;
    if (kind === K_FILE) this.events.fileEnd();
    else if (kind === K_FIELD) this.events.field(this.partName, this.fieldBuf.toString('utf8', 0, this.fieldLen));
  }
}
