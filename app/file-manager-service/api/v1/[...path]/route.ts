import { serviceRoutes } from '@/lib/server/gateway';
import { services } from '@/lib/server/gateway/services';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = serviceRoutes(() => services.files);
