/**
 * Every demo / template page (the `app/(demo)` route group): its path, Russian title and group. The
 * «Демо-страницы» index at `/demo` is drawn from this list, and each page's header takes its title here.
 * A path with `[id]` / `[[...id]]` is a page opened from another one (a post, a letter); the index does
 * not link it. The breadcrumbs of these pages (`DEMO_BREADCRUMBS`) come from this list too; the demo layout
 * hands them to the shell, so the business pages never ship them.
 */
import type { BreadcrumbMeta, Crumb } from '@/lib/domain/layout/breadcrumb';

export const DEMO_GROUPS = [
  'Панели',
  'Приложения',
  'Почта',
  'UI-кит',
  'Блоки',
  'Страницы',
  'Интернет-магазин',
  'Профили',
  'Документация',
] as const;
export type DemoGroup = (typeof DEMO_GROUPS)[number];

export interface DemoPage {
  path: string;
  title: string;
  group: DemoGroup;
  /** A primeicons class for the index tile. */
  icon: string;
}

const page = (group: DemoGroup, icon: string, path: string, title: string): DemoPage => ({ path, title, group, icon });
const uikit = (slug: string, title: string, icon: string) => page('UI-кит', icon, `/uikit/${slug}`, title);
const mail = (slug: string, title: string, icon: string) => page('Почта', icon, `/apps/mail/${slug}`, title);
const shop = (slug: string, title: string, icon: string) => page('Интернет-магазин', icon, `/ecommerce/${slug}`, title);

export const DEMO_PAGES: readonly DemoPage[] = [
  page('Панели', 'pi-wallet', '/dashboard-banking', 'Банковская панель'),
  page('Приложения', 'pi-book', '/apps/blog/list', 'Блог'),
  page('Приложения', 'pi-file', '/apps/blog/detail/[id]', 'Запись блога'),
  page('Приложения', 'pi-pencil', '/apps/blog/edit/[[...id]]', 'Редактор записи'),
  page('Приложения', 'pi-folder', '/apps/files', 'Файлы'),
  page('Приложения', 'pi-comments', '/apps/chat', 'Чат'),
  page('Приложения', 'pi-check-square', '/apps/tasklist', 'Список задач'),
  mail('inbox', 'Входящие', 'pi-inbox'),
  mail('compose', 'Новое письмо', 'pi-send'),
  mail('detail/[id]', 'Письмо', 'pi-envelope'),
  mail('starred', 'Помеченные', 'pi-star'),
  mail('important', 'Важные', 'pi-bookmark'),
  mail('sent', 'Отправленные', 'pi-reply'),
  mail('archived', 'Архив', 'pi-box'),
  mail('spam', 'Спам', 'pi-ban'),
  mail('trash', 'Корзина', 'pi-trash'),
  uikit('formlayout', 'Макет формы', 'pi-id-card'),
  uikit('input', 'Поля ввода', 'pi-check-square'),
  uikit('floatlabel', 'Плавающие подписи', 'pi-bookmark'),
  uikit('invalidstate', 'Ошибки ввода', 'pi-exclamation-circle'),
  uikit('button', 'Кнопки', 'pi-mobile'),
  uikit('table', 'Таблица', 'pi-table'),
  uikit('list', 'Списки', 'pi-list'),
  uikit('tree', 'Дерево', 'pi-share-alt'),
  uikit('panel', 'Панели', 'pi-tablet'),
  uikit('overlay', 'Всплывающие окна', 'pi-clone'),
  uikit('media', 'Медиа', 'pi-image'),
  uikit('menu', 'Меню', 'pi-bars'),
  uikit('message', 'Сообщения', 'pi-comment'),
  uikit('file', 'Загрузка файлов', 'pi-upload'),
  uikit('charts', 'Диаграммы', 'pi-chart-bar'),
  uikit('misc', 'Разное', 'pi-circle'),
  page('Блоки', 'pi-th-large', '/blocks', 'Галерея блоков'),
  page('Страницы', 'pi-pencil', '/pages/crud', 'Товары: правка'),
  page('Страницы', 'pi-info-circle', '/pages/about', 'О компании'),
  page('Страницы', 'pi-phone', '/pages/contact', 'Контакты'),
  page('Страницы', 'pi-question-circle', '/pages/faq', 'Частые вопросы'),
  page('Страницы', 'pi-search', '/pages/help', 'Справка'),
  page('Страницы', 'pi-file-pdf', '/pages/invoice', 'Счёт на оплату'),
  shop('product-overview', 'Карточка товара', 'pi-shopping-bag'),
  shop('product-list', 'Каталог', 'pi-list'),
  shop('new-product', 'Новый товар', 'pi-plus'),
  shop('shopping-cart', 'Корзина', 'pi-shopping-cart'),
  shop('checkout-form', 'Оформление заказа', 'pi-credit-card'),
  shop('order-history', 'История заказов', 'pi-history'),
  shop('order-summary', 'Заказ', 'pi-receipt'),
  page('Профили', 'pi-user-plus', '/profile/create', 'Новый профиль'),
  page('Профили', 'pi-users', '/profile/list', 'Список профилей'),
  page('Документация', 'pi-book', '/documentation', 'Документация'),
];

/** A pattern segment the index cannot link: `[id]`, `[[...id]]`. */
export const isLinkable = (p: DemoPage): boolean => !p.path.includes('[');

/** The entry of a path (`/apps/blog/detail/7` finds `/apps/blog/detail/[id]`), or undefined. */
export function demoPageFor(pathname: string): DemoPage | undefined {
  const segs = pathname.split(/[?#]/, 1)[0]!.split('/').filter(Boolean);
  return DEMO_PAGES.find((p) => {
    const ps = p.path.split('/').filter(Boolean);
    const last = ps[ps.length - 1] ?? '';
    if (last.startsWith('[[...')) return segs.length >= ps.length - 1 && ps.slice(0, -1).every((s, i) => s === segs[i]);
    return ps.length === segs.length && ps.every((s, i) => s.startsWith('[') || s === segs[i]);
  });
}

/** The pages of a group, in list order. */
export const demoPagesOf = (group: DemoGroup): DemoPage[] => DEMO_PAGES.filter((p) => p.group === group);

const DEMO_INDEX: Crumb = { label: 'Демо-страницы', to: '/demo' };

/** Breadcrumbs of the demo pages: «Демо-страницы › group › title» (the group left out when it is the title). */
export const DEMO_BREADCRUMBS: Record<string, BreadcrumbMeta> = Object.fromEntries([
  ['/demo', ['Демо-страницы']],
  ...DEMO_PAGES.map((p) => [p.path, p.group === p.title ? [DEMO_INDEX, p.title] : [DEMO_INDEX, p.group, p.title]]),
]);
