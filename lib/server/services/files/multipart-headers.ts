import 'server-only';

/* The header side of `multipart/form-data`: the boundary of a Content-Type, a part's name and filename, and the error a malformed body answers. */

/** A malformed body or a broken limit; the message is meant for the user. */
export class MultipartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MultipartError';
  }
}

const MSG_BROKEN = 'Запрос оборван или повреждён.';

export const broken = (): MultipartError => new MultipartError(MSG_BROKEN);

/** Boundaries as RFC 2046 allows them, loosened to any printable ASCII (no CR/LF, not ending in a space). */
export const BOUNDARY_RE = /^[\x20-\x7e]{0,69}[\x21-\x7e]$/;

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
export function partIdentity(block: string): { name: string; filename: string | null } {
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
