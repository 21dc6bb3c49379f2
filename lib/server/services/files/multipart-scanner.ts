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
import { BOUNDARY_RE, broken, MultipartError, partIdentity } from './multipart-headers';

export { boundaryOf, MultipartError } from './multipart-headers';

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

const MSG_FIELDS = 'Слишком много полей в запросе.';
const MSG_FILES = 'В запросе должна быть одна часть data.';
const MSG_FIELD_SIZE = 'Поле запроса слишком длинное.';

const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const SP = 0x20;
const HT = 0x09;
const CRLFCRLF = Buffer.from('\r\n\r\n', 'latin1');

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
