/**
 * Russian breadcrumb labels of the app's routes. Every page of `app/` has a line here or is a menu
 * item (tests/unit/domain/layout/routes-coverage.test.ts walks `app/` and checks it); patterns use the
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
const DEMO: Crumb = { label: 'Демо-страницы', to: '/demo' };
/** A demo page (app/(demo)): the index, its group (unless the group is the page), its title. */
const demo = (group: string, title: string): BreadcrumbMeta => (group === title ? [DEMO, title] : [DEMO, group, title]);

export const NOT_FOUND_CRUMBS: BreadcrumbMeta = ['Страница не найдена'];

export const ROUTE_BREADCRUMBS: Record<string, BreadcrumbMeta> = {
  '/': [],
  '/landing': ['О сервисе'],
  '/auth': ['Вход'],
  '/auth/oauth/[provider]': [{ label: 'Вход', to: '/auth' }, 'Вход через внешний сервис'],
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
  // Demo pages: the same titles and groups as components/demo/pages.ts (a unit test compares them).
  '/demo': ['Демо-страницы'],
  '/uikit/formlayout': demo('UI-кит', 'Макет формы'),
  '/uikit/charts': demo('UI-кит', 'Диаграммы'),
  '/blocks': demo('Блоки', 'Галерея блоков'),
  '/pages/about': demo('Страницы', 'О компании'),
  '/pages/contact': demo('Страницы', 'Контакты'),
  '/pages/faq': demo('Страницы', 'Частые вопросы'),
  '/pages/help': demo('Страницы', 'Справка'),
  '/pages/invoice': demo('Страницы', 'Счёт на оплату'),
  '/documentation': demo('Документация', 'Документация'),
  '/uikit/button': demo('UI-кит', 'Кнопки'),
  '/uikit/table': demo('UI-кит', 'Таблица'),
  '/uikit/list': demo('UI-кит', 'Списки'),
  '/uikit/tree': demo('UI-кит', 'Дерево'),
  '/uikit/panel': demo('UI-кит', 'Панели'),
  '/uikit/overlay': demo('UI-кит', 'Всплывающие окна'),
  '/uikit/media': demo('UI-кит', 'Медиа'),
  '/uikit/menu': demo('UI-кит', 'Меню'),
  '/uikit/message': demo('UI-кит', 'Сообщения'),
  '/uikit/file': demo('UI-кит', 'Загрузка файлов'),
  '/uikit/misc': demo('UI-кит', 'Разное'),
  '/uikit/input': demo('UI-кит', 'Поля ввода'),
  '/uikit/floatlabel': demo('UI-кит', 'Плавающие подписи'),
  '/uikit/invalidstate': demo('UI-кит', 'Ошибки ввода'),
  '/dashboard-banking': demo('Панели', 'Банковская панель'),
  '/apps/blog/list': demo('Приложения', 'Блог'),
  '/apps/blog/detail/[id]': demo('Приложения', 'Запись блога'),
  '/apps/blog/edit/[[...id]]': demo('Приложения', 'Редактор записи'),
  '/apps/files': demo('Приложения', 'Файлы'),
  '/apps/chat': demo('Приложения', 'Чат'),
  '/apps/tasklist': demo('Приложения', 'Список задач'),
  '/apps/mail/inbox': demo('Почта', 'Входящие'),
  '/apps/mail/compose': demo('Почта', 'Новое письмо'),
  '/apps/mail/detail/[id]': demo('Почта', 'Письмо'),
  '/apps/mail/starred': demo('Почта', 'Помеченные'),
  '/apps/mail/important': demo('Почта', 'Важные'),
  '/apps/mail/sent': demo('Почта', 'Отправленные'),
  '/apps/mail/archived': demo('Почта', 'Архив'),
  '/apps/mail/spam': demo('Почта', 'Спам'),
  '/apps/mail/trash': demo('Почта', 'Корзина'),
  '/pages/crud': demo('Страницы', 'Товары: правка'),
  '/ecommerce/product-overview': demo('Интернет-магазин', 'Карточка товара'),
  '/ecommerce/product-list': demo('Интернет-магазин', 'Каталог'),
  '/ecommerce/new-product': demo('Интернет-магазин', 'Новый товар'),
  '/ecommerce/shopping-cart': demo('Интернет-магазин', 'Корзина'),
  '/ecommerce/checkout-form': demo('Интернет-магазин', 'Оформление заказа'),
  '/ecommerce/order-history': demo('Интернет-магазин', 'История заказов'),
  '/ecommerce/order-summary': demo('Интернет-магазин', 'Заказ'),
  '/profile/create': demo('Профили', 'Новый профиль'),
  '/profile/list': demo('Профили', 'Список профилей'),
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

/** What the top bar shows for a path without a page-declared breadcrumb: never raw segments. */
export const shellBreadcrumb = (pathname: string): BreadcrumbMeta => routeBreadcrumb(pathname) ?? NOT_FOUND_CRUMBS;
