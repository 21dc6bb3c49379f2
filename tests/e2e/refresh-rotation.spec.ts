import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInContext, signUp } from './fixtures';

/**
 * A refresh token already exchanged ends its session when it comes back after the 10-second grace window
 * (docs/api.md). A browser that lost the answer of a refresh — a navigation that cancelled it after the server
 * had rotated — would keep the old token and be signed out at its next refresh. Here navigations cancel refreshes
 * again and again, in two tabs at once, on a slow network and a slowed CPU; then the access token expires for real
 * (45 s on the e2e server: far past the grace window, so a browser left with an exchanged token is found out) and
 * the session must still renew.
 */

/** A slow mobile link (bytes per second) and a phone's CPU. */
const SLOW_NETWORK = { offline: false, latency: 300, downloadThroughput: 256 * 1024, uploadThroughput: 64 * 1024 };
const CPU_SLOWDOWN = 4;

const DESTINATIONS = [
  { path: '/companies', heading: 'Компании' },
  { path: '/documents', heading: 'Мои документы' },
  { path: '/cost', heading: 'Себестоимость' },
] as const;

async function slowDown(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** An access token the server refuses, as after its expiry: the next page goes through the renewal. */
async function spoilAccessToken(context: BrowserContext, baseURL: string, round: number): Promise<void> {
  // The same cookie as the fixture's and the server's (host, path): it replaces the live token.
  await context.addCookies([{ name: 'accessToken', value: `expired-${round}`, domain: new URL(baseURL).hostname, path: '/', sameSite: 'Lax' }]);
}

const isRefresh = (url: string) => url.includes('/auth-back/api/v2/regenerateTokens');

/**
 * Navigates to `path`. The tab's own navigations race with it — the gate's redirect to /auth/renew still on its way,
 * a renewal that finished first going back to `next` — and abort or interrupt it; then it is made again (the
 * test's timeout bounds the loop).
 */
async function goDespiteRedirect(page: Page, path: string): Promise<void> {
  for (;;) {
    try {
      await page.goto(path, { waitUntil: 'commit' });
      return;
    } catch (e) {
      if (!/ERR_ABORTED|interrupted by another navigation/.test(String(e))) throw e;
    }
  }
}

/**
 * Opens a protected page in each tab with a spoiled token (the gate sends both to /auth/renew), waits for the
 * first refresh request to leave, and at once navigates both tabs elsewhere — whichever renewal was under way or
 * waiting for its turn, its page is gone before the answer arrives. Resolves when both tabs show their new page
 * signed in.
 */
async function cancelRefreshesByNavigation(
  context: BrowserContext,
  tabs: Array<{ page: Page; from: string; to: (typeof DESTINATIONS)[number] }>,
): Promise<void> {
  const sent = context.waitForEvent('request', { predicate: (r) => isRefresh(r.url()) });
  const firsts = tabs.map(({ page, from }) => page.goto(from).catch(() => null)); // interrupted below
  await sent;
  await Promise.all(tabs.map(({ page, to }) => goDespiteRedirect(page, to.path)));
  await Promise.all(firsts);
  for (const { page, to } of tabs) {
    await expect(page).toHaveURL(new RegExp(`${to.path}$`), { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: to.heading })).toBeVisible({ timeout: 30_000 });
  }
}

test('навигации, отменяющие обновление токенов на медленной сети, не завершают сеанс', async ({ context, page: tab, request, baseURL }) => {
  test.setTimeout(240_000);
  const user = await signUp(request);
  await signInContext(context, baseURL!, user);
  const refusals: string[] = [];
  context.on('response', (r) => {
    if (isRefresh(r.url()) && r.status() !== 200) refusals.push(`${r.status()} ${r.url()}`);
  });
  const other = await context.newPage();
  await slowDown(context, tab);
  await slowDown(context, other);

  for (let round = 0; round < 4; round++) {
    await spoilAccessToken(context, baseURL!, round);
    // Both tabs renew at once (one asks, the other waits its turn); both renewals are cut off by navigations.
    await cancelRefreshesByNavigation(context, [
      { page: tab, from: '/companies', to: DESTINATIONS[round % DESTINATIONS.length]! },
      { page: other, from: '/documents', to: DESTINATIONS[(round + 1) % DESTINATIONS.length]! },
    ]);
  }
  expect(refusals).toEqual([]);

  // No page of the site stays open (an open page renews its token ahead of expiry by itself). Let the token the
  // browser now holds expire for real: an exchange of its refresh token the browser never heard of would then be
  // long past the grace window, and the renewal below a reuse.
  await other.close();
  await tab.goto('about:blank');
  const held = (await context.cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
  await expect
    .poll(async () => {
      const res = await request.post('/auth-back/api/v2/getUserInfo', { data: {}, headers: { authorization: `Bearer ${held}` } });
      return ((await res.json()) as { ok?: boolean; code?: string }).code ?? 'ok';
    }, { timeout: 90_000, intervals: [1000] })
    .toBe('JWT_EXPIRED');

  // The session renews (through /auth/renew): the page opens signed in, and the service knows the user.
  const renewal = tab.waitForRequest((r) => isRefresh(r.url()));
  await tab.goto('/companies');
  await renewal;
  await expect(tab).toHaveURL(/\/companies$/, { timeout: 30_000 });
  await expect(tab.getByRole('heading', { level: 1, name: 'Компании' })).toBeVisible({ timeout: 30_000 });
  const info = await tab.request.post('/auth-back/api/v2/getUserInfo', { data: {} });
  expect(await info.json()).toMatchObject({ ok: true, userinfo: { email: user.email } });
  expect(refusals).toEqual([]);
});
