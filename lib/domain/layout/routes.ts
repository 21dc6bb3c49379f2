/**
 * Russian breadcrumb labels of the app's routes. Every page of `app/` has a line here or is a menu
 * item, except the demo pages (`app/(demo)`), whose lines are `DEMO_BREADCRUMBS` in components/demo/pages.ts
 * (tests/unit/domain/layout/routes-coverage.test.ts walks `app/` and checks both); patterns use the
 * App Router's own spelling: `[x]` one segment, `[...x]` one or more, `[[...x]]` none or more. A page
 * that knows a better label at run time (a company's name) renders `<PageBreadcrumb items={…}/>` from
 * components/layout, which wins over this table. The menu's own routes need no line: their labels
 * come from the menu (section › item). A path nobody knows is «Страница не найдена» — never its raw
 * (English) segments or ids.
 */
import type { BreadcrumbMeta, Crumb } from './breadcrumb';
import { MENU, type MenuItem } from './menu';

const SPECS: Crumb = { label: 'Спецификации', to: '/specifications' };
const DOCS: Crumb = { label: 'Мои документы', to: '/documents' };
const TEMPLATES: Crumb = { label: 'Шаблоны', to: '/documents/templates' };
const CALCS: Crumb = { label: 'Калькуляторы', to: '/calculators' };
const EDU: Crumb = { label: 'Обучение', to: '/education' };

export const NOT_FOUND_CRUMBS: BreadcrumbMeta = ['Страница не найдена'];

export const ROUTE_BREADCRUMBS: Record<string, BreadcrumbMeta> = {
  '/': [],
  '/landing': ['О сервисе'],
  '/auth': ['Вход'],
  '/auth/oauth/[provider]': [{ label: 'Вход', to: '/auth' }, 'Вход через внешний сервис'],
  '/auth/renew': ['Обновление сеанса'],
  '/confirm-email/[token]': ['Подтверждение почты'],
  '/confirm-phone': ['Подтверждение телефона'],
  '/forgot-password/[token]': [{ label: 'Вход', to: '/auth' }, 'Новый пароль'],
  '/bench-baseline': ['Базовая страница'],
  '/calculators/[[...calcId]]': [CALCS, 'Калькулятор'],
  '/business-processes/[[...setId]]': [{ label: 'Бизнес-процессы', to: '/business-processes' }, 'Набор процессов'],
  '/specifications/create/[[...specId]]': [SPECS, 'Спецификация'],
  '/specifications/folder/[folderId]': [SPECS, 'Папка'],
  '/cost/print': [{ label: 'Себестоимость', to: '/cost' }, 'Печать'],
  '/documents/folder/[folderId]': [DOCS, 'Папка'],
  '/documents/templates': [DOCS, 'Шаблоны'],
  '/documents/templates/folder/[folderId]': [DOCS, TEMPLATES, 'Папка'],
  '/file/[fileId]': ['Файл'],
  '/education/new': [EDU, 'Новый курс'],
  '/education/[courseId]': [EDU, 'Курс'],
  '/education/[courseId]/new': [EDU, 'Новый урок'],
  '/education/[courseId]/edit': [EDU, 'Правка курса'],
  '/education/[courseId]/certificate': [EDU, 'Сертификат'],
  '/education/[courseId]/[lessonId]': [EDU, 'Урок'],
  '/education/[courseId]/[lessonId]/edit': [EDU, 'Правка урока'],
  '/search': ['Поиск'],
  '/file/from-template/[fileId]': ['Документ по шаблону'],
  '/[...catchAll]': NOT_FOUND_CRUMBS,
};

const isDynamic = (seg: string) => seg.startsWith('[') && seg.endsWith(']');
const isCatchAll = (seg: string) => seg.startsWith('[...') || seg.startsWith('[[...');

function matches(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  const last = p[p.length - 1];
  if (last !== undefined && isCatchAll(last)) {
    const head = p.slice(0, -1);
    const min = last.startsWith('[[') ? head.length : head.length + 1;
    return s.length >= min && head.every((seg, i) => isDynamic(seg) || seg === s[i]);
  }
  return p.length === s.length && p.every((seg, i) => isDynamic(seg) || seg === s[i]);
}

/** A pattern with more fixed segments is more specific; a catch-all comes after the rest. */
const specificity = (pattern: string) => {
  const segs = pattern.split('/').filter(Boolean);
  return segs.filter((s) => !isDynamic(s)).length * 10 - (segs.some(isCatchAll) ? 5 : 0) + segs.length;
};

function menuCrumbs(menu: readonly MenuItem[], path: string): Crumb[] | null {
  for (const section of menu) {
    for (const item of section.items ?? []) {
      if (item.to === path) return [{ label: section.label }, { label: item.label, to: item.to }];
    }
  }
  return null;
}

/**
 * Labels for a path: the table's exact line, then the menu, then the most specific pattern; null when
 * none knows it (the shell shows NOT_FOUND_CRUMBS then, see shellBreadcrumb).
 */
export function routeBreadcrumb(pathname: string, table: Record<string, BreadcrumbMeta> = ROUTE_BREADCRUMBS): BreadcrumbMeta | null {
  const path = (pathname.split(/[?#]/, 1)[0] ?? '/').replace(/\/+$/, '') || '/';
  const exact = table[path];
  if (exact) return exact;
  const fromMenu = menuCrumbs(MENU, path);
  if (fromMenu) return fromMenu;
  const found = Object.keys(table)
    .filter((pattern) => matches(pattern, path))
    .sort((a, b) => specificity(b) - specificity(a))[0];
  return found === undefined ? null : (table[found] ?? null);
}

/**
 * What the top bar shows for a path without a page-declared breadcrumb: never raw segments. `extra` holds the
 * lines of a route group that keeps its own (the demo pages: components/demo/pages.ts, passed by their layout,
 * so the business pages do not ship them).
 */
export const shellBreadcrumb = (pathname: string, extra?: Record<string, BreadcrumbMeta>): BreadcrumbMeta =>
  (extra ? routeBreadcrumb(pathname, { ...ROUTE_BREADCRUMBS, ...extra }) : routeBreadcrumb(pathname)) ?? NOT_FOUND_CRUMBS;
