import 'server-only';
import { safeEntryName } from '@/lib/domain/files/names';

/** RFC 5987 encoding of a header parameter value. */
const rfc5987 = (s: string): string =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition` with an ASCII fallback `filename` and the exact UTF-8 name in `filename*`
 * (RFC 6266), so Cyrillic names survive in every browser.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const clean = safeEntryName(name);
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${rfc5987(clean)}`;
}
