import 'server-only';
import { defineCall } from '../../gateway/types';

/**
 * Which outside accounts this server can sign in with / link (the profile's «Привязать» and /auth):
 * `yandex`, `vk`, `telegram` — only those whose keys are configured. `telegramBotId` is the public numeric
 * id of the bot (the first part of its token), needed for the oauth.telegram.org link.
 */
export const getLoginProviders = defineCall({
  handle: ({ ctx }) => {
    const env = ctx.env;
    const providers: Array<'yandex' | 'vk' | 'telegram'> = [];
    if (env.YANDEX_CLIENT_ID && env.YANDEX_CLIENT_SECRET) providers.push('yandex');
    if (env.VK_CLIENT_ID && env.VK_CLIENT_SECRET) providers.push('vk');
    if (env.TELEGRAM_BOT_TOKEN) providers.push('telegram');
    return { providers, telegramBotId: env.TELEGRAM_BOT_TOKEN?.split(':')[0] ?? null };
  },
});
