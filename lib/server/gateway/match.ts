import 'server-only';
import type { CallDef, CallTable } from './types';

export interface Match {
  key: string;
  def: CallDef;
  params: Record<string, string>;
}

/**
 * Finds the call for a path below the service base (`["file", "42"]` → `file/:id`).
 * Literal keys win over keys with parameters.
 */
export function matchCall(table: CallTable, segments: readonly string[]): Match | undefined {
  const literal = table[segments.join('/')];
  if (literal && Object.hasOwn(table, segments.join('/'))) return { key: segments.join('/'), def: literal, params: {} };
  for (const [key, def] of Object.entries(table)) {
    const parts = key.split('/');
    if (parts.length !== segments.length || !parts.some((p) => p.startsWith(':'))) continue;
    const params: Record<string, string> = {};
    const ok = parts.every((part, i) => {
      const seg = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = seg;
        return seg !== '';
      }
      return part === seg;
    });
    if (ok) return { key, def, params };
  }
  return undefined;
}

/** Path segments below `base`, decoded; `null` when the path is not under it. */
export function segmentsBelow(pathname: string, base: string): string[] | null {
  if (pathname !== base && !pathname.startsWith(base + '/')) return null;
  const rest = pathname.slice(base.length).split('/').filter((s) => s !== '');
  try {
    return rest.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}
