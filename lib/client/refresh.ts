import { decodeJwt } from 'jose';
import Cookies from 'js-cookie';
import { forgetRoles, rememberRolesOf } from './roles';

/**
 * The browser's token refresh: `regenerateTokens` with an empty body (the route fills the refresh token from its
 * HttpOnly cookie and sets both new cookies). The server ends the session when a refresh token it has already
 * exchanged comes back after a short grace window (docs/api.md), so the browser must never keep an exchanged
 * token:
 * - one refresh at a time across all tabs of the site (Web Locks; BroadcastChannel where Web Locks are missing —
 *   plain http on another host than localhost); a tab whose turn comes after another tab renewed makes no request;
 * - the request is `keepalive`: a navigation, a closed tab or a page reload does not cancel it, so the answer
 *   with the new pair always reaches the browser, and its Set-Cookie stores the pair before any script runs.
 */

/** What a refresh came to: new tokens, a refusal (the session is over), or no answer (network, server error). */
export type RenewOutcome = 'renewed' | 'refused' | 'unreachable';

const REFRESH_URL = '/auth-back/api/v2/regenerateTokens';
/** Lifetime of the refresh token when an answer does not say it (1440 minutes). */
const DEFAULT_REFRESH_S = 1440 * 60;
/** The Web Lock and the BroadcastChannel that make refreshes one at a time across tabs. */
const LOCK_NAME = 'kalkulus-token-refresh';
/**
 * Without Web Locks: the longest a tab waits for a refresh another tab announced (a tab closed mid-refresh never
 * says it has finished). Well inside the server's grace window: asking with the same token after it still gets
 * the same child.
 */
const ANNOUNCED_WAIT_MS = 5_000;

/**
 * The access-token cookie as the server sets it (as long as the refresh token, `refreshTokenExpiresIn`
 * seconds of the answer), and the token's roles cached.
 */
export function storeAccessToken(token: string, refreshTokenExpiresIn?: unknown): void {
  rememberRolesOf(token);
  const seconds = typeof refreshTokenExpiresIn === 'number' && refreshTokenExpiresIn > 0 ? refreshTokenExpiresIn : DEFAULT_REFRESH_S;
  Cookies.set('accessToken', token, {
    path: '/',
    expires: seconds / 86400,
    sameSite: 'lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
}

/** One refresh at a time in this page: every caller meanwhile shares it. */
let inFlight: Promise<RenewOutcome> | null = null;

/**
 * Renews the token pair, once for the whole browser. `stale` is the access token the caller found wanting
 * (by default the current cookie): when the cookie holds another one by the time this tab's turn comes, a
 * refresh elsewhere has renewed it and no request is made.
 */
export function renewTokens(stale: string | undefined = Cookies.get('accessToken')): Promise<RenewOutcome> {
  inFlight ??= oneAcrossTabs(() => renewUnlessRenewed(stale)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** `renewTokens` as a yes/no: true when the page holds a new access token. */
export function refreshAccessToken(stale?: string): Promise<boolean> {
  return renewTokens(stale ?? Cookies.get('accessToken')).then((outcome) => outcome === 'renewed');
}

async function renewUnlessRenewed(stale: string | undefined): Promise<RenewOutcome> {
  const current = Cookies.get('accessToken');
  if (current !== undefined && current !== '' && current !== stale) {
    rememberRolesOf(current);
    return 'renewed';
  }
  return exchange();
}

async function exchange(): Promise<RenewOutcome> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  const xsrf = Cookies.get('XSRF-TOKEN');
  if (xsrf !== undefined) headers['X-XSRF-TOKEN'] = xsrf;
  let res: Response;
  try {
    res = await fetch(REFRESH_URL, { method: 'POST', headers, body: '{}', credentials: 'same-origin', cache: 'no-store', keepalive: true });
  } catch {
    return 'unreachable';
  }
  const body = (await res.json().catch(() => null)) as { ok?: boolean; accessToken?: unknown; refreshTokenExpiresIn?: unknown } | null;
  if (res.ok && body?.ok === true && typeof body.accessToken === 'string') {
    // The route set the cookie already; setting it here too covers upstreams that answer without cookies.
    if (Cookies.get('accessToken') !== body.accessToken) storeAccessToken(body.accessToken, body.refreshTokenExpiresIn);
    else rememberRolesOf(body.accessToken);
    return 'renewed';
  }
  // The service refused (the session ended): its roles no longer apply. A server error or a limit keeps them.
  if (body !== null && res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
    forgetRoles();
    return 'refused';
  }
  return 'unreachable';
}

/** Runs `task` while no other tab of the site runs its refresh. */
function oneAcrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks as LockManager | undefined);
  if (locks && typeof locks.request === 'function') return locks.request(LOCK_NAME, { mode: 'exclusive' }, task) as Promise<T>;
  return announced(task);
}

// The fallback: each tab says on a BroadcastChannel when its refresh starts and ends; a tab waits while another
// one's refresh is under way. Two tabs starting within the message's delivery both ask — the server answers both
// with the same child (its grace window).
const thisTab = Math.random().toString(36).slice(2);
/** Tabs refreshing now, as they announced: tab → when it started (this tab's clock). */
const busyTabs = new Map<string, number>();
let wakeWaiters: Array<() => void> = [];
const channel = openChannel();

function openChannel(): BroadcastChannel | null {
  if (typeof window === 'undefined' || typeof BroadcastChannel === 'undefined') return null;
  if (typeof navigator !== 'undefined' && navigator.locks && typeof navigator.locks.request === 'function') return null;
  const ch = new BroadcastChannel(LOCK_NAME);
  ch.addEventListener('message', (e: MessageEvent) => {
    const m = e.data as { type?: unknown; tab?: unknown } | null;
    if (!m || typeof m.tab !== 'string') return;
    if (m.type === 'start') busyTabs.set(m.tab, Date.now());
    if (m.type === 'end') {
      busyTabs.delete(m.tab);
      const waiters = wakeWaiters;
      wakeWaiters = [];
      for (const wake of waiters) wake();
    }
  });
  return ch;
}

/** Until when the oldest announced refresh of another tab may still hold this one back; 0 when none does. */
function busyUntil(): number {
  let until = 0;
  for (const [tab, at] of busyTabs) {
    if (at + ANNOUNCED_WAIT_MS <= Date.now()) busyTabs.delete(tab);
    else until = Math.max(until, at + ANNOUNCED_WAIT_MS);
  }
  return until;
}

async function announced<T>(task: () => Promise<T>): Promise<T> {
  if (!channel) return task();
  for (let until = busyUntil(); until > 0; until = busyUntil()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, until - Date.now());
      wakeWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  channel.postMessage({ type: 'start', tab: thisTab });
  try {
    return await task();
  } finally {
    channel.postMessage({ type: 'end', tab: thisTab });
  }
}

/** Seconds before its expiry when a call renews the access token first instead of being refused. */
const RENEW_BEFORE_S = 5;
/** Set when a token just issued already looks expired: this device's clock is off, so only refusals renew. */
let clockOff = false;

function expiresSoon(token: string): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && Date.now() / 1000 >= exp - RENEW_BEFORE_S;
  } catch {
    return false; // not a JWT (an upstream's opaque token): renewed when refused
  }
}

/** How long from now until an open page renews `token`: a quarter of its life, at most a minute, before its expiry. */
function renewInMs(token: string): number | null {
  try {
    const { exp, iat } = decodeJwt(token);
    if (typeof exp !== 'number') return null;
    const life = typeof iat === 'number' && exp > iat ? exp - iat : 3600;
    return (exp - Math.min(60, life / 4)) * 1000 - Date.now();
  } catch {
    return null; // not a JWT: renewed when refused
  }
}

/** After a renewal that found no answer, an open page tries again this much later. */
const RETRY_MS = 30_000;

/**
 * While a page is open, renews its access token shortly before it expires, so that the next navigation finds
 * a live token and the page gate need not send it through /auth/renew. Each tab keeps its own timer; the first
 * to fire renews, the others find the token renewed (`renewTokens` with the token they planned for). Stops for a
 * refused session and on a device whose clock makes every new token look expired. Returns the stop function.
 */
export function keepAccessTokenFresh(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const plan = (delay?: number) => {
    const token = Cookies.get('accessToken');
    const due = token ? renewInMs(token) : null;
    if (stopped || clockOff || !token || due === null) return;
    timer = setTimeout(() => {
      void renewTokens(token).then((outcome) => {
        if (outcome === 'unreachable') return plan(RETRY_MS);
        if (outcome === 'refused') return;
        const fresh = Cookies.get('accessToken');
        if (fresh && (renewInMs(fresh) ?? 1) <= 0) clockOff = true;
        plan();
      });
    }, delay ?? Math.max(0, due));
  };
  plan();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Renews the access token before a call when it is about to expire, so the call is not first refused and
 * repeated (a refusal still renews it: `apiCall`). Null when nothing is to be done, so a call that needs no
 * renewal starts at once; never rejects — a failed renewal leaves the call to answer.
 */
export function renewIfExpiring(): Promise<void> | null {
  const token = Cookies.get('accessToken');
  if (clockOff || !token || !expiresSoon(token)) return null;
  return refreshAccessToken(token).then((ok) => {
    const fresh = Cookies.get('accessToken');
    if (ok && fresh && expiresSoon(fresh)) clockOff = true;
  });
}
