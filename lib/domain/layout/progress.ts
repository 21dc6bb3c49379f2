/**
 * When the top progress bar runs. The App Router has no navigation events, so the bar starts on what
 * begins a navigation (a click on an in-app link, `router.push`/`replace`, the browser's Back/Forward)
 * and stops when the rendered path or query changes. Pure rules; the DOM side is
 * components/layout/NavigationProgress.tsx and components/layout/progress-bar.ts.
 */

/** Where the user is: `location`'s parts (search with its `?`, or empty). */
export interface Place {
  origin: string;
  pathname: string;
  search: string;
}

/** A wait shorter than this shows no bar at all (no flash on instant navigations). */
export const PROGRESS_DELAY_MS = 120;

/** Whether going to `href` leaves the current page: same site, another path or query (a hash alone stays). */
export function leavesPage(href: string, here: Place): boolean {
  let url: URL;
  try {
    url = new URL(href, here.origin + here.pathname + here.search);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.origin === here.origin && (url.pathname !== here.pathname || url.search !== here.search);
}

/** What matters about a click on a link. */
export interface LinkClick {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The link's `target` attribute ('' when absent). */
  target: string;
  /** The link has `download`. */
  download: boolean;
  /** The link (or a parent) is marked `data-no-progress`: its click does something else than navigating. */
  noProgress: boolean;
  href: string;
}

/**
 * A click starts the bar only when the link opens in this tab (left button, no modifier: those open a
 * new tab or window or save the file, `target` other than `_self`, `download`) and leaves the page.
 */
export function clickStartsProgress(click: LinkClick, here: Place): boolean {
  if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return false;
  if ((click.target !== '' && click.target !== '_self') || click.download || click.noProgress) return false;
  return leavesPage(click.href, here);
}
