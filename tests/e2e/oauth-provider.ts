import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';

/**
 * A stand-in for Яндекс ID during e2e (the OAuth provider is the edge of the world, the only thing we fake).
 * It speaks the provider's real protocol as the app uses it: `GET /authorize` shows a consent
 * page where the test types the account's login; «Разрешить» redirects back with `code` and `state`;
 * `POST /token` checks the client's id and secret and the PKCE S256 verifier, once per code; `GET /info`
 * answers the account for `Authorization: OAuth <token>`. Telegram needs no server: the test signs
 * `tgAuthResult` with the bot token (`telegramAuthResult`).
 */
export const oauthPort = () => Number(process.env.E2E_OAUTH_PORT ?? Number(process.env.E2E_PORT ?? 3018) + 2);
export const E2E_YANDEX = { clientId: 'e2e-yandex-client', clientSecret: 'e2e-yandex-secret' };
export const E2E_TELEGRAM_TOKEN = '7654321:e2e-telegram-bot-token-0123456789abcdef';

const html = (body: string) =>
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Яндекс ID (тестовый)</title></head><body>${body}</body></html>`;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return new URLSearchParams(raw);
}

export default async function startOAuthProvider(): Promise<() => Promise<void>> {
  const codes = new Map<string, { login: string; challenge: string; clientId: string }>();
  const tokens = new Map<string, string>();
  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://provider');
      const send = (status: number, body: string, type = 'application/json', headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, ...headers });
        res.end(body);
      };
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== E2E_YANDEX.clientId || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge')) {
          send(400, html('<p>Неверный запрос авторизации</p>'), 'text/html');
          return;
        }
        const hidden = ['redirect_uri', 'state', 'code_challenge', 'client_id']
          .map((k) => `<input type="hidden" name="${k}" value="${esc(q.get(k) ?? '')}">`)
          .join('');
        send(
          200,
          html(
            `<h1>Яндекс ID</h1><form method="post" action="/authorize">${hidden}` +
              `<label>Логин <input name="login" required></label><button type="submit">Разрешить</button></form>`,
          ),
          'text/html',
        );
        return;
      }
      if (req.method === 'POST' && url.pathname === '/authorize') {
        const f = await readBody(req);
        const code = randomBytes(12).toString('hex');
        codes.set(code, { login: f.get('login') ?? '', challenge: f.get('code_challenge') ?? '', clientId: f.get('client_id') ?? '' });
        const back = new URL(f.get('redirect_uri') ?? '');
        back.searchParams.set('code', code);
        back.searchParams.set('state', f.get('state') ?? '');
        send(302, '', 'text/plain', { location: back.toString() });
        return;
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const f = await readBody(req);
        const grant = codes.get(f.get('code') ?? '');
        codes.delete(f.get('code') ?? '');
        const verifier = f.get('code_verifier') ?? '';
        const ok =
          grant &&
          f.get('grant_type') === 'authorization_code' &&
          f.get('client_id') === E2E_YANDEX.clientId &&
          f.get('client_secret') === E2E_YANDEX.clientSecret &&
          createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
        if (!ok) {
          send(400, JSON.stringify({ error: 'invalid_grant' }));
          return;
        }
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.login);
        send(200, JSON.stringify({ access_token: token, token_type: 'bearer', expires_in: 3600 }));
        return;
      }
      if (req.method === 'GET' && url.pathname === '/info') {
        const login = tokens.get((req.headers.authorization ?? '').replace(/^OAuth /, ''));
        if (!login) {
          send(401, JSON.stringify({ error: 'invalid_token' }));
          return;
        }
        const id = createHash('sha256').update(login).digest('hex').slice(0, 12).replace(/[a-f]/g, '7');
        send(
          200,
          JSON.stringify({ id, login, default_email: `${login}@yandex.ru`, first_name: 'Иван', last_name: 'Яндексов', display_name: login }),
        );
        return;
      }
      send(404, JSON.stringify({ error: 'not_found' }));
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(oauthPort(), '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A `tgAuthResult` as oauth.telegram.org returns it: base64 JSON signed with HMAC-SHA256 keyed by SHA-256(bot token). */
export function telegramAuthResult(user: { id: number; first_name: string; username?: string }, authDate = Math.floor(Date.now() / 1000)) {
  const data: Record<string, string | number> = { ...user, auth_date: authDate };
  const check = Object.keys(data)
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(E2E_TELEGRAM_TOKEN).digest()).update(check).digest('hex');
  return Buffer.from(JSON.stringify({ ...data, hash })).toString('base64');
}
