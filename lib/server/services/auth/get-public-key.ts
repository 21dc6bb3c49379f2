import 'server-only';
import { defineCall } from '../../gateway/types';
import { getKeySet } from './keys';

export const getPublicKey = defineCall({
  handle: async ({ ctx }) => {
    const set = await getKeySet(ctx.db);
    return {
      publicKey: set.signing.publicPem,
      kid: set.signing.kid,
      keys: { keys: [...set.verify.values()].map((k) => k.jwk) },
    };
  },
});

export const getRecaptchaSiteKey = defineCall({
  handle: ({ ctx }) => {
    const key = ctx.env.CAPTCHA_SITE_KEY;
    const provider = ctx.env.CAPTCHA_PROVIDER && key ? ctx.env.CAPTCHA_PROVIDER : null;
    return { use: provider !== null, key: provider && key ? key : '', provider };
  },
});
