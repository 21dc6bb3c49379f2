import { NextResponse, type NextRequest } from 'next/server';
import { isCrossSite } from './lib/domain/same-origin';

/**
 * The request gate (Next 16's proxy, Node runtime). Today: refuses cross-site state-changing calls to
 * the services (CSRF, DESIGN §6). The sign-in issue adds the token check for protected pages here.
 */
export function proxy(req: NextRequest): NextResponse {
  const crossSite = isCrossSite({
    method: req.method,
    origin: req.headers.get('origin'),
    secFetchSite: req.headers.get('sec-fetch-site'),
    host: req.headers.get('x-forwarded-host') ?? req.headers.get('host'),
  });
  if (crossSite) {
    return NextResponse.json(
      { ok: false, msg: 'Запрос с другого сайта отклонён.', code: 'FORBIDDEN' },
      { status: 403, headers: { 'Cache-Control': 'no-store' } },
    );
  }
  return NextResponse.next();
}

export const config = {
  matcher: ['/auth-back/:path*', '/file-manager-service/:path*', '/noty/:path*', '/api/:path*'],
};
