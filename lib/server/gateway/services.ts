import 'server-only';
import { getEnv } from '../env';
import { authCalls } from '../services/auth/calls';
import { fileCalls } from '../services/files/calls';
import { notyCalls } from '../services/noty/calls';
import { productCalls } from '../services/product/calls';
import type { ServiceDef } from './types';

/** The three services whose wire protocol the app keeps — auth-back, file-manager-service, noty (each embedded or forwarded to its upstream) — and the product's own calls. */
export const services = {
  auth: { name: 'auth', base: '/auth-back/api/v2', table: authCalls, upstream: () => getEnv().AUTH_BACK_URL },
  files: {
    name: 'files',
    base: '/file-manager-service/api/v1',
    table: fileCalls,
    upstream: () => getEnv().FILE_MANAGER_URL,
  },
  noty: { name: 'noty', base: '/noty', table: notyCalls, upstream: () => getEnv().NOTY_URL },
  product: { name: 'product', base: '/api/v1', table: productCalls },
} satisfies Record<string, ServiceDef>;
