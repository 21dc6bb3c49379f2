import 'server-only';
import { defineCall } from '../../gateway/types';

const modeOf = (upstream: string | undefined): 'upstream' | 'embedded' => (upstream ? 'upstream' : 'embedded');

/** What the browser needs to know about this installation: name, version, support link, service modes. */
export const getAppInfo = defineCall({
  handle: ({ ctx }) => ({
    productName: ctx.env.PRODUCT_NAME,
    version: process.env.npm_package_version ?? '0.1.0',
    messengerUrl: ctx.env.MESSENGER_URL ?? null,
    services: {
      auth: modeOf(ctx.env.AUTH_BACK_URL),
      files: modeOf(ctx.env.FILE_MANAGER_URL),
      noty: modeOf(ctx.env.NOTY_URL),
    },
    database: ctx.database.driver,
    storage: ctx.blobs.kind,
  }),
});
