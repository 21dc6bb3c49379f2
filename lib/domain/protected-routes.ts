/**
 * Pages that need a signed-in user. Every prefix also covers its sub-paths.
 * `/file/…` opens without sign-in when a `link` token is given (the file service checks it).
 */
export const PROTECTED_PREFIXES = [
  '/business-processes',
  '/specifications',
  '/calculators',
  '/cost',
  '/companies',
  '/documents',
  '/my-progress',
  '/education',
  '/file',
] as const;

export function isProtectedPath(pathname: string, search: URLSearchParams): boolean {
  const path = pathname.toLowerCase();
  const hit = PROTECTED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
  if (!hit) return false;
  if ((path === '/file' || path.startsWith('/file/')) && (search.get('link') ?? '') !== '') return false;
  return true;
}

/**
 * Where to go after signing in: only a same-origin path (`/x…`), never `//host`, `/\host`, a scheme or
 * control characters (no open redirect). Anything else → `/`.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/';
  try {
    const url = new URL(next, 'http://same.invalid');
    if (url.origin !== 'http://same.invalid') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
