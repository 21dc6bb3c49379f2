import { serviceRoutes } from '@/lib/server/gateway';
import { services } from '@/lib/server/gateway/services';
import { withAuthCookies } from '@/lib/server/services/auth/cookies';

export const dynamic = 'force-dynamic';

const routes = serviceRoutes(() => services.auth);
// The refresh token lives in an HttpOnly cookie: this layer fills it in and sets the cookies.
const handler = (req: Request) => withAuthCookies(req, services.auth.base, routes.POST);

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = routes;
export const POST = handler;
