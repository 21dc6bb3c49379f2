import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { getOAuthLinkInput, oauthLoginInput } from '@/lib/schemas/auth-calls';
import type { AppContext } from '../../context';
import type { Env } from '../../env';
import { linkedAccounts, oauthStates } from '../../db/schema';
import { ServiceError } from '../../errors';
import { defineCall } from '../../gateway/types';
import { log } from '../../log';
import { randomToken, sha256 } from './crypto';
import { tokenAnswer } from './issue';
import { siteUrl } from './mail';
import { limitCall } from './rate-limit';
import { accessTokenOf, userOfToken } from './require-user';
import { createUser, findUserByEmail, findUserById, type UserRow } from './users';

/** The providers; endpoints under YANDEX_OAUTH_URL / YANDEX_LOGIN_URL / VK_ID_URL. */
export const OAUTH = {
  yandex: { name: 'Яндекс ID', scope: 'login:info login:email' },
  vk: { name: 'VK ID', scope: 'email' },
} as const;

/** Provider endpoints: the real hosts by default, another base only for a proxy or a test double. */
function oauthEndpoints(env: Env, provider: keyof typeof OAUTH) {
  const base = (u: string) => u.replace(/\/+$/, '');
  if (provider === 'yandex') {
    return {
      authorize: `${base(env.YANDEX_OAUTH_URL)}/authorize`,
      token: `${base(env.YANDEX_OAUTH_URL)}/token`,
      userInfo: `${base(env.YANDEX_LOGIN_URL)}/info?format=json`,
    };
  }
  return {
    authorize: `${base(env.VK_ID_URL)}/authorize`,
    token: `${base(env.VK_ID_URL)}/oauth2/auth`,
    userInfo: `${base(env.VK_ID_URL)}/oauth2/user_info`,
  };
}
export type OAuthProvider = keyof typeof OAUTH;

const STATE_TTL_MS = 10 * 60 * 1000;

function credentials(ctx: AppContext, provider: OAuthProvider): { id: string; secret: string } {
  const id = provider === 'yandex' ? ctx.env.YANDEX_CLIENT_ID : ctx.env.VK_CLIENT_ID;
  const secret = provider === 'yandex' ? ctx.env.YANDEX_CLIENT_SECRET : ctx.env.VK_CLIENT_SECRET;
  if (!id || !secret) throw new ServiceError('PROVIDER_NOT_CONFIGURED', `Вход через ${OAUTH[provider].name} не настроен.`);
  return { id, secret };
}

/** The default callback page; a given redirectUri must stay on this site. */
function redirectUriOf(ctx: AppContext, req: Request, provider: OAuthProvider, given?: string): string {
  const own = siteUrl(ctx, req, `/auth/oauth/${provider}`);
  if (!given) return own;
  if (!URL.canParse(given) || new URL(given).origin !== new URL(own).origin) {
    throw new ServiceError('VALIDATION_ERROR', 'Адрес возврата должен вести на этот сайт.', {
      fields: { redirectUri: 'Адрес возврата должен вести на этот сайт' },
    });
  }
  return given;
}

/** Link to the provider's consent page, with `state` and a PKCE S256 challenge. */
export const getOAuthLink = defineCall({
  input: getOAuthLinkInput,
  async handle({ input, ctx, req }) {
    const { id } = credentials(ctx, input.provider);
    const redirectUri = redirectUriOf(ctx, req, input.provider, input.redirectUri);
    const bearer = accessTokenOf(req);
    const me = bearer ? await userOfToken(ctx, bearer).catch(() => null) : null;
    const state = randomToken();
    const verifier = randomToken(48);
    await ctx.db.delete(oauthStates).where(lt(oauthStates.expiresAt, new Date()));
    await ctx.db.insert(oauthStates).values({
      stateHash: sha256(state),
      provider: input.provider,
      codeVerifier: verifier,
      redirectUri,
      linkUserId: me?.id ?? null,
      expiresAt: new Date(Date.now() + STATE_TTL_MS),
    });
    const p = OAUTH[input.provider];
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: id,
      redirect_uri: redirectUri,
      state,
      scope: p.scope,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    });
    return { link: `${oauthEndpoints(ctx.env, input.provider).authorize}?${q.toString()}` };
  },
});

interface ProviderUser {
  id: string;
  email: string | null;
  firstName: string;
  lastName: string;
  displayName: string;
}

const providerFailed = (provider: OAuthProvider) =>
  new ServiceError('OAUTH_FAILED', `${OAUTH[provider].name} не подтвердил вход. Попробуйте ещё раз.`);

async function postForm(url: string, form: Record<string, string>): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(form),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw Object.assign(new Error(`${url} answered ${res.status}`), { body });
  return body;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

async function exchange(
  env: Env,
  provider: OAuthProvider,
  cred: { id: string; secret: string },
  p: { code: string; verifier: string; redirectUri: string; deviceId?: string; state: string },
): Promise<ProviderUser> {
  const at = oauthEndpoints(env, provider);
  if (provider === 'yandex') {
    const tok = await postForm(at.token, {
      grant_type: 'authorization_code',
      code: p.code,
      client_id: cred.id,
      client_secret: cred.secret,
      code_verifier: p.verifier,
    });
    const accessToken = str(tok.access_token);
    if (!accessToken) throw new Error('yandex: no access_token');
    const res = await fetch(at.userInfo, {
      headers: { authorization: `OAuth ${accessToken}` },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`yandex info answered ${res.status}`);
    const info = (await res.json()) as Record<string, unknown>;
    const id = str(info.id);
    if (!id) throw new Error('yandex: no id');
    return {
      id,
      email: str(info.default_email) || null,
      firstName: str(info.first_name),
      lastName: str(info.last_name),
      displayName: str(info.display_name) || str(info.login) || `Яндекс ${id}`,
    };
  }
  if (!p.deviceId) throw new ServiceError('VALIDATION_ERROR', 'VK ID не передал device_id.', { fields: { deviceId: 'Обязательное поле' } });
  const tok = await postForm(at.token, {
    grant_type: 'authorization_code',
    code: p.code,
    code_verifier: p.verifier,
    client_id: cred.id,
    device_id: p.deviceId,
    redirect_uri: p.redirectUri,
    state: p.state,
  });
  const accessToken = str(tok.access_token);
  if (!accessToken) throw new Error('vk: no access_token');
  const info = await postForm(at.userInfo, { client_id: cred.id, access_token: accessToken });
  const user = (info.user ?? {}) as Record<string, unknown>;
  const id = str(user.user_id) || str(tok.user_id);
  if (!id) throw new Error('vk: no user id');
  const name = [str(user.first_name), str(user.last_name)].filter(Boolean).join(' ');
  return {
    id,
    email: str(user.email) || null,
    firstName: str(user.first_name),
    lastName: str(user.last_name),
    displayName: name || `VK ${id}`,
  };
}

/**
 * Finishes the provider round trip: spends `state` (10 minutes, once), exchanges the code with the PKCE
 * verifier (and VK's device_id), then signs in the linked user, links to the user who started it, or creates
 * a user. An address already registered is never taken over: the owner links the provider from the profile.
 */
export const oauthLogin = defineCall({
  input: oauthLoginInput,
  async handle({ input, ctx, ip, req }) {
    const cred = credentials(ctx, input.provider);
    await limitCall(ctx, 'login', '', ip);
    const [st] = await ctx.db
      .delete(oauthStates)
      .where(
        and(
          eq(oauthStates.stateHash, sha256(input.state)),
          eq(oauthStates.provider, input.provider),
          gt(oauthStates.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!st) throw new ServiceError('OAUTH_FAILED', 'Вход устарел или уже завершён. Начните заново.');
    let who: ProviderUser;
    try {
      who = await exchange(ctx.env, input.provider, cred, {
        code: input.code,
        verifier: st.codeVerifier,
        redirectUri: st.redirectUri,
        deviceId: input.deviceId,
        state: input.state,
      });
    } catch (err) {
      if (err instanceof ServiceError) throw err;
      log.warn(`oauth ${input.provider} exchange failed`, err);
      throw providerFailed(input.provider);
    }

    const [linked] = await ctx.db
      .select()
      .from(linkedAccounts)
      .where(and(eq(linkedAccounts.provider, input.provider), eq(linkedAccounts.providerUserId, who.id)))
      .limit(1);
    let user: UserRow | undefined;
    if (st.linkUserId) {
      if (linked && linked.userId !== st.linkUserId) {
        throw new ServiceError('CONFLICT', `Этот аккаунт ${OAUTH[input.provider].name} уже привязан к другому пользователю.`);
      }
      if (!linked) {
        await ctx.db
          .insert(linkedAccounts)
          .values({ provider: input.provider, providerUserId: who.id, userId: st.linkUserId, displayName: who.displayName });
      }
      user = await findUserById(ctx, st.linkUserId);
    } else if (linked) {
      user = await findUserById(ctx, linked.userId);
    } else {
      const email = who.email?.toLowerCase() ?? `${input.provider}-${who.id}@users.invalid`;
      if (await findUserByEmail(ctx, email)) {
        throw new ServiceError(
          'ALREADY_EXISTS',
          `Почта ${email} уже зарегистрирована. Войдите по паролю и привяжите ${OAUTH[input.provider].name} в профиле.`,
        );
      }
      user = await createUser(ctx, { email, firstName: who.firstName, lastName: who.lastName, emailConfirmed: Boolean(who.email) });
      await ctx.db
        .insert(linkedAccounts)
        .values({ provider: input.provider, providerUserId: who.id, userId: user.id, displayName: who.displayName });
    }
    if (!user) throw new ServiceError('UNAUTHORIZED', 'Войдите в систему, чтобы продолжить.');
    return tokenAnswer(ctx, user, { ip, req, msg: st.linkUserId ? `${OAUTH[input.provider].name} привязан` : 'Вы вошли' });
  },
});
