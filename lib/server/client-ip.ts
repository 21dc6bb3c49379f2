import 'server-only';
import { getEnv } from './env';

/**
 * The caller's address for per-IP rate limits and session records, never taken on trust from a header the
 * caller can write. `X-Forwarded-For` counts only as far as `TRUST_PROXY` says (number of proxies in front,
 * or `true` for all); the address of the TCP peer itself is stamped on every request by the project's server
 * (server.mjs, which names the same header), in a private header that overwrites anything the caller sent.
 */

/** Private header carrying the socket's remote address (set by server.mjs, never by a client). */
export const PEER_HEADER = 'x-kalkulus-peer';
/** The address used when the peer is not known (requests that did not pass server.mjs, e.g. direct calls in tests). */
export const UNKNOWN_IP = 'unknown';

/** Strips the IPv4-mapped IPv6 prefix (`::ffff:1.2.3.4` → `1.2.3.4`). */
const normal = (a: string) => a.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

/** The address chain of a request, farthest first: `X-Forwarded-For` entries, then the peer (UNKNOWN_IP when not stamped). */
function chainOf(req: Request): string[] {
  const forwarded = (req.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map(normal)
    .filter(Boolean);
  return [...forwarded, normal(req.headers.get(PEER_HEADER) ?? '') || UNKNOWN_IP];
}

/** Index in the chain of the farthest address still vouched for by trusted hops. */
function trustedFrom(chain: string[], trustProxy: number): number {
  if (trustProxy <= 0) return chain.length - 1;
  if (!Number.isFinite(trustProxy)) return 0;
  // The peer is the nearest trusted proxy; each further trusted hop vouches for one entry more to the left.
  return Math.max(0, chain.length - 1 - trustProxy);
}

/**
 * The client's address. `trustProxy` = how many proxies in front of the app are trusted to append to
 * `X-Forwarded-For` (0 = none: the peer address only; Infinity = all: the leftmost entry).
 */
export function clientIp(req: Request, trustProxy: number): string {
  const chain = chainOf(req);
  return chain[trustedFrom(chain, trustProxy)]!;
}

/** The `X-Forwarded-For` to send to an upstream: the trusted part of the chain, ending with our peer. */
export function forwardedFor(req: Request, trustProxy: number): string {
  const chain = chainOf(req);
  return chain.slice(trustedFrom(chain, trustProxy)).join(', ');
}

/**
 * The host the client asked for. `X-Forwarded-Host` counts only as far as `TRUST_PROXY` says, like
 * `X-Forwarded-For`: without a trusted proxy it is the caller's own words and is ignored (the `Host` header
 * counts); with N trusted hops the entry the farthest trusted proxy wrote (N-th from the right, or the first).
 */
export function requestHost(req: Request, trustProxy: number): string {
  if (trustProxy > 0) {
    const entries = (req.headers.get('x-forwarded-host') ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const at = Number.isFinite(trustProxy) ? Math.max(0, entries.length - trustProxy) : 0;
    if (entries[at]) return entries[at];
  }
  return req.headers.get('host') ?? new URL(req.url).host;
}

/** TRUST_PROXY of the configuration; none while the configuration does not parse (start-up reports it). */
export function trustedProxies(): number {
  try {
    return getEnv().TRUST_PROXY;
  } catch {
    return 0;
  }
}
