import type { Locator, Page } from '@playwright/test';

/**
 * What the App Router prefetches, seen from inside the page, and the moment by which a `<Link>` that prefetches on
 * sight would have done so.
 */

declare global {
  interface Window {
    __routerPrefetches?: string[];
  }
}

/**
 * An init script (`page.addInitScript(recordRouterPrefetches)`): records the path of every router prefetch — a fetch
 * with `Next-Router-Prefetch` — the moment the page calls `fetch`, before the request reaches the network and so
 * before the test's own `request` events hear of it.
 */
export function recordRouterPrefetches(): void {
  const seen: string[] = [];
  window.__routerPrefetches = seen;
  const original = window.fetch;
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    if (new Headers(init?.headers ?? request?.headers).has('next-router-prefetch')) {
      seen.push(new URL(request ? request.url : String(input), location.href).pathname);
    }
    return original(input, init);
  };
}

/** The prefetches recorded so far; null when `recordRouterPrefetches` is not in the page. */
export async function routerPrefetches(page: Page): Promise<string[] | null> {
  return page.evaluate(() => (window.__routerPrefetches ? [...window.__routerPrefetches] : null));
}

/**
 * Resolves once a `<Link>` among `links` that prefetches on sight would have issued its prefetch, and returns the
 * prefetches recorded by then (null without `recordRouterPrefetches`). Call it once the links have mounted.
 *
 * Next's Link (unless `prefetch={false}`) hands its anchor, when it mounts, to one shared IntersectionObserver. That
 * observer's first report schedules a prefetch task; the router's scheduler runs it in a microtask, which hashes
 * the request's headers (`crypto.subtle.digest`) and, once the hash is in, calls `fetch`. So: an observer created now
 * on the same anchors reports after the shared one (observers are notified in the order they were created), and a
 * digest started after that report completes after the router's, which was started before it.
 */
export async function viewportPrefetchPass(links: Locator): Promise<string[] | null> {
  return links.evaluateAll(async (anchors) => {
    if (anchors.length === 0) throw new Error('no links to watch');
    await new Promise<void>((resolve) => {
      const observer = new IntersectionObserver(() => {
        observer.disconnect();
        resolve();
      });
      for (const a of anchors) observer.observe(a);
    });
    await crypto.subtle.digest('SHA-256', new Uint8Array(1));
    return window.__routerPrefetches ? [...window.__routerPrefetches] : null;
  });
}
