/**
 * Russian breadcrumb labels of the app's routes. Business pages add a line here (patterns use `[x]`
 * for one dynamic segment); a page that knows a better label at run time (a company's name) renders
 * `<PageBreadcrumb items={…}/>` from components/layout, which wins over this table.
 * The menu's own routes need no line: their labels come from the menu (section › item).
 */
import type { BreadcrumbMeta, Crumb } from './breadcrumb';
import { MENU, type MenuItem } from './menu';

export const ROUTE_BREADCRUMBS: Record<string, BreadcrumbMeta> = {
  '/landing': ['О сервисе'],
  '/auth': ['Вход'],
};

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  return p.length === s.length && p.every((seg, i) => (seg.startsWith('[') && seg.endsWith(']')) || seg === s[i]);
}

function menuCrumbs(menu: readonly MenuItem[], path: string): Crumb[] | null {
  for (const section of menu) {
    for (const item of section.items ?? []) {
      if (item.to === path) return [{ label: section.label }, { label: item.label, to: item.to }];
    }
  }
  return null;
}

/** Labels for a path from the table, then from the menu; null when neither knows it. */
export function routeBreadcrumb(pathname: string, table: Record<string, BreadcrumbMeta> = ROUTE_BREADCRUMBS): BreadcrumbMeta | null {
  const path = (pathname.split(/[?#]/, 1)[0] ?? '/').replace(/\/+$/, '') || '/';
  const exact = table[path];
  if (exact) return exact;
  for (const [pattern, meta] of Object.entries(table)) if (matches(pattern, path)) return meta;
  return menuCrumbs(MENU, path);
}
