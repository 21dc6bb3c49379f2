/**
 * The breadcrumb rule: the route's own Russian labels when the page declares
 * them, otherwise the path's segments without empty and purely numeric ones, first letter capitalised.
 * The home link is not part of the result: the top bar always draws it first.
 */

export interface Crumb {
  label: string;
  /** Link target; the last crumb (the current page) has none. */
  to?: string;
}

/** What a page may declare: labels (and optional links) in order, without the home item. */
export type BreadcrumbMeta = readonly (string | Crumb)[];

/** "12", "3.5", "-1": numbers (ids) say nothing to a reader. */
const isNumeric = (seg: string) => seg.trim() !== '' && !Number.isNaN(Number(seg));

function decode(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

const capitalise = (s: string) => (s === '' ? s : s.charAt(0).toLocaleUpperCase('ru-RU') + s.slice(1));

export function breadcrumbFor(pathname: string, meta?: BreadcrumbMeta | null): Crumb[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (meta && meta.length > 0) {
    return meta.map((m, i) => {
      const crumb = typeof m === 'string' ? { label: m } : { ...m };
      if (i === meta.length - 1) delete crumb.to;
      return crumb;
    });
  }
  const segments = path.split('/').filter((s) => s !== '');
  const crumbs: Crumb[] = [];
  let href = '';
  for (const raw of segments) {
    href += `/${raw}`;
    const seg = decode(raw);
    if (seg.trim() === '' || isNumeric(seg)) continue;
    crumbs.push({ label: capitalise(seg), to: href });
  }
  if (crumbs.length > 0) delete crumbs[crumbs.length - 1]!.to;
  return crumbs;
}
