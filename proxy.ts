import { NextResponse, type NextRequest } from 'next/server';
import { isServicePath, newNonce, pageCsp } from './lib/domain/csp';
import { isCrossSite } from './lib/domain/same-origin';
import { requestHost, trustedProxies } from './lib/server/client-ip';
import { gatePage } from './lib/server/services/auth/gate';

/**
 * The request gate (Next 16's proxy, Node runtime): refuses cross-site state-changing calls to the services
 * (CSRF), lets protected pages through only with a valid session (an expired one goes to /auth/renew, where the
 * browser renews it), and gives every page its Content-Security-Policy with a fresh nonce (on the request, where
 * Next reads it to mark its own scripts, and on the answer).
 */
export async function proxy(req: NextRequest): Promise<NextResponse> {
  const csp = isServicePath(req.nextUrl.pathname)
    ? null
    : pageCsp({
        nonce: newNonce(),
        https: req.nextUrl.protocol === 'https:' || req.headers.get('x-forwarded-proto') === 'https',
        dev: process.env.NODE_ENV === 'development',
      });
  const res = await gate(req, csp);
  if (csp) res.headers.set('Content-Security-Policy', csp);
  return res;
}

/** The request headers a page is rendered with: Next reads the nonce from the policy on the request. */
function withPolicy(headers: Headers, csp: string | null): Headers {
  if (csp) headers.set('content-security-policy', csp);
  return headers;
}

async function gate(req: NextRequest, csp: string | null): Promise<NextResponse> {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.headers.get('origin'),
    secFetchSite: req.headers.get('sec-fetch-site'),
    host: requestHost(req, trustedProxies()),
  });
  if (crossSite) {
    return NextResponse.json(
      { ok: false, msg: 'Запрос с другого сайта отклонён.', code: 'FORBIDDEN' },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  const decision = await gatePage(req);
  if (decision.kind === 'pass') {
    return csp ? NextResponse.next({ request: { headers: withPolicy(new Headers(req.headers), csp) } }) : NextResponse.next();
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    // Server actions and other non-GET requests to a protected page: no redirect, a plain 401.
    const res = NextResponse.json(
      { ok: false, msg: 'Войдите в систему, чтобы продолжить.', code: 'UNAUTHORIZED' },
      { status: 401, headers: { 'Cache-Control': 'no-store' } },
    );
    for (const c of decision.setCookies) res.headers.append('set-cookie', c);
    return res;
  }
  const res = NextResponse.redirect(new URL(decision.location, req.url), 307);
  res.headers.set('Cache-Control', 'no-store');
  for (const c of decision.setCookies) res.headers.append('set-cookie', c);
  return res;
}

export const config = {
  matcher: [
    '/auth-back/:path*',
    // Not uploadChunk: a proxy reads (and buffers) the body of every POST it sees before the route may start;
    // that call makes its own cross-site check (lib/server/services/files/upload-chunk.ts).
    '/file-manager-service',
    '/file-manager-service/((?!api/v1/uploadChunk).*)',
    '/noty/:path*',
    '/api/:path*',
    '/business-processes/:path*',
    '/specifications/:path*',
    '/calculators/:path*',
    '/cost/:path*',
    '/companies/:path*',
    '/documents/:path*',
    '/my-progress/:path*',
    '/education/:path*',
    '/file/:path*',
    // Every page (for its Content-Security-Policy); not the built assets and static files.
    '/((?!_next/static|_next/image|themes/|favicon\\.ico|icon\\.svg|auth-back|file-manager-service|noty|api/).*)',
  ],
};
