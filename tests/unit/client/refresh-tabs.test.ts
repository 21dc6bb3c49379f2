import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';

/**
 * Two tabs of one browser, simulated: two copies of lib/client/refresh (each its own module state, as two
 * pages have), one cookie jar, one `fetch` standing for the server. The server holds each refresh until the
 * test lets it answer, then sets the access cookie as the route's Set-Cookie does.
 */
type RefreshModule = typeof import('@/lib/client/refresh');

const CHANNEL = 'kalkulus-token-refresh';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const setCookie = (v: string) => {
  document.cookie = `accessToken=${v}; path=/`;
};
const cookie = () => document.cookie.match(/accessToken=([^;]*)/)?.[1];
/** An access token as the page reads it (claims only; the page does not check the signature). */
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"RS256","typ":"JWT"}', JSON.stringify(claims)].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.c2ln';

let fetchMock: Mock<(url: string, init: RequestInit) => Promise<Response>>;
/** Refreshes the server has received and not yet answered: call one to let it answer. */
let held: Array<() => void>;
let issued: number;
let channels: BroadcastChannel[];

/** An exclusive Web Lock per name, as the browser grants them: one holder at a time, in the order asked. */
function webLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request(name: string, optsOrTask: unknown, maybeTask?: (lock: unknown) => Promise<unknown>) {
      const task = (typeof optsOrTask === 'function' ? optsOrTask : maybeTask) as (lock: unknown) => Promise<unknown>;
      const run = (tails.get(name) ?? Promise.resolve()).then(() => task({ name, mode: 'exclusive' }));
      tails.set(
        name,
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      return run;
    },
  };
}

function setLocks(locks: unknown) {
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

async function openTab(): Promise<RefreshModule> {
  vi.resetModules();
  return import('@/lib/client/refresh');
}

/** A listener on the tabs' channel opened after them: a message it has heard, every tab has heard. */
function heard(type: 'start' | 'end'): Promise<unknown> {
  const probe = new BroadcastChannel(CHANNEL);
  channels.push(probe);
  return new Promise((resolve) => {
    probe.addEventListener('message', (e: MessageEvent) => {
      if ((e.data as { type?: string }).type === type) resolve(e.data);
    });
  });
}

beforeEach(() => {
  held = [];
  issued = 0;
  channels = [];
  fetchMock = vi.fn(async () => {
    await new Promise<void>((resolve) => held.push(resolve));
    issued += 1;
    setCookie(`T${issued}`);
    return json({ ok: true, msg: 'Токены обновлены', accessToken: `T${issued}`, refreshTokenExpiresIn: 86400 });
  });
  vi.stubGlobal('fetch', fetchMock);
  setCookie('T0');
});
afterEach(() => {
  for (const ch of channels) ch.close();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setLocks(undefined);
});

describe('lib/client/refresh across tabs', () => {
  it('Web Locks: two tabs refreshing at once make one request; the second finds the pair renewed', async () => {
    setLocks(webLocks());
    const a = await openTab();
    const b = await openTab();
    const first = a.refreshAccessToken();
    const second = b.refreshAccessToken();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held[0]!();
    expect(await first).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await second).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cookie()).toBe('T1');
  });

  it('the refresh is a request a navigation cannot cancel: keepalive, no abort signal', async () => {
    setLocks(webLocks());
    const a = await openTab();
    const done = a.refreshAccessToken();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth-back/api/v2/regenerateTokens');
    expect(init).toMatchObject({ method: 'POST', body: '{}', keepalive: true, credentials: 'same-origin' });
    expect(init.signal).toBeUndefined();
    held[0]!();
    expect(await done).toBe(true);
  });

  it('a tab whose token expired again after the other tab renewed it asks for itself', async () => {
    setLocks(webLocks());
    const a = await openTab();
    const b = await openTab();
    const first = a.refreshAccessToken();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held[0]!();
    expect(await first).toBe(true);
    // T1 is what tab b now finds wanting: a new request, not the answer of the last one.
    const later = b.refreshAccessToken('T1');
    await vi.waitFor(() => expect(held).toHaveLength(2));
    held[1]!();
    expect(await later).toBe(true);
    expect(cookie()).toBe('T2');
  });

  it('a refusal in one tab: the other, finding the same token, asks for itself and is refused too', async () => {
    setLocks(webLocks());
    fetchMock.mockImplementation(async () => json({ ok: false, code: 'REFRESH_REUSED', msg: 'Сеанс завершён' }, 401));
    const a = await openTab();
    const b = await openTab();
    const [ra, rb] = await Promise.all([a.renewTokens(), b.renewTokens()]);
    expect([ra, rb]).toEqual(['refused', 'refused']);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without Web Locks (BroadcastChannel): a tab waits for the refresh another tab announced, then makes none', async () => {
    setLocks(undefined);
    const a = await openTab();
    const b = await openTab();
    const started = heard('start');
    const first = a.refreshAccessToken();
    await started;
    await vi.waitFor(() => expect(held).toHaveLength(1));
    const second = b.refreshAccessToken();
    held[0]!();
    expect(await first).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(await second).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(cookie()).toBe('T1');
  });

  it('without Web Locks: a tab closed mid-refresh holds the others back 5 s at most', async () => {
    setLocks(undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const b = await openTab();
    const gone = new BroadcastChannel(CHANNEL);
    channels.push(gone);
    const started = heard('start');
    gone.postMessage({ type: 'start', tab: 'closed-tab' });
    await started;
    const waiting = b.refreshAccessToken();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held[0]!();
    expect(await waiting).toBe(true);
  });

  it('an open page renews its token a quarter of its life before it expires; of two tabs, one asks', async () => {
    setLocks(webLocks());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-11-25T09:00:00Z')); // a whole second: the token's times are in seconds
    const now = () => Math.floor(Date.now() / 1000);
    const t0 = now();
    setCookie(jwt({ sub: 'u1', iat: t0, exp: t0 + 40 }));
    fetchMock.mockImplementation(async () => {
      const fresh = jwt({ sub: 'u1', iat: now(), exp: now() + 40 });
      setCookie(fresh);
      return json({ ok: true, msg: 'Токены обновлены', accessToken: fresh, refreshTokenExpiresIn: 86400 });
    });
    const a = await openTab();
    const b = await openTab();
    const stops = [a.keepAccessTokenFresh(), b.keepAccessTokenFresh()];
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(cookie()).not.toBe(jwt({ sub: 'u1', iat: t0, exp: t0 + 40 }));
    // The next one is planned from the new token, again once for both tabs.
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    for (const stop of stops) stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
