/**
 * Pages that need a signed-in user. Every prefix also covers its sub-paths.
 * `/file/…` opens without sign-in when a `link` token is given (the file service checks it).
 */
const PROTECTED_PREFIXES = [
  '/business-processes',
  '/specifications',
  '/catalog',
  '/calculators',
  '/cost',
  '/companies',
  '/documents',
  '/my-progress',
  '/education',
  '/file',
  '/search',
  // The demo / template pages (app/(demo)): sample data, but in the signed-in shell like the rest.
  '/demo',
  '/dashboard-banking',
  '/apps',
  '/uikit',
  '/blocks',
  '/pages',
  '/ecommerce',
  '/profile',
  '/documentation',
] as const;

export function isProtectedPath(pathname: string, search: URLSearchParams): boolean {
  const path = pathname.toLowerCase();
  const hit = PROTECTED_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
  if (!hit) return false;
  if ((path === '/file' || path.startsWith('/file/')) && (search.get('link') ?? '') !== '') return false;
  return true;
}

const BASE = 'http://same.invalid';

/** A path the browser resolves on this site only: `/x…`, not `//host`, `/\\host`, no control characters. */
const isLocalPath = (p: string): boolean =>
  p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') && !/[\u0000-\u001f\u007f\\]/.test(p);

/**
 * Where to go after signing in (the sign-in form, the OAuth and Telegram returns, the page gate): only a
 * same-origin path, else `/`. The rule holds for the *normalised* path the browser will follow, not only the
 * raw string: `/.//host`, `/..//host`, `/%2e%2e//host`, `/a/..//host` all normalise to `//host` — another
 * site — and are refused. The answer is a fixed point: resolving it again gives itself.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || next.length > 2000 || !isLocalPath(next)) return '/';
  try {
    const url = new URL(next, BASE);
    if (url.origin !== BASE) return '/';
    const out = `${url.pathname}${url.search}${url.hash}`;
    if (!isLocalPath(out)) return '/';
    const again = new URL(out, BASE);
    return again.origin === BASE && `${again.pathname}${again.search}${again.hash}` === out ? out : '/';
  } catch {
    return '/';
  }
}
