import 'server-only';
import { defineCall } from '../../gateway/types';

/** What the browser needs to know about this installation: name, version, support link, service modes. */
export const getAppInfo = defineCall({
  handle: ({ ctx }) => ({
    productName: ctx.env.PRODUCT_NAME,
    version: process.env.npm_package_version ?? '0.1.0',
    messengerUrl: ctx.env.MESSENGER_URL ?? null,
    services: {
      auth: ctx.env.AUTH_BACK_URL ? 'upstream' : 'embedded',
      files: ctx.env.FILE_MANAGER_URL ? 'upstream' : 'embedded',
      noty: ctx.env.NOTY_URL ? 'upstream' : 'embedded',
    },
    database: ctx.database.driver,
    storage: ctx.blobs.kind,
  }),
});
