/** The side menu as data. Sections are root items; their `items` are the links. */

export interface MenuItem {
  label: string;
  /** PrimeIcons class without the `pi ` prefix, e.g. `pi-calculator`. */
  icon: string;
  to?: string;
  items?: MenuItem[];
}

export const MENU: readonly MenuItem[] = [
  {
    label: 'Калькулятор',
    icon: 'pi-calculator',
    items: [
      { label: 'Калькуляторы', icon: 'pi-calculator', to: '/calculators' },
      { label: 'Бизнес-процессы', icon: 'pi-sitemap', to: '/business-processes' },
      { label: 'Спецификации', icon: 'pi-list', to: '/specifications' },
      { label: 'Номенклатура', icon: 'pi-box', to: '/catalog' },
      { label: 'Себестоимость', icon: 'pi-chart-bar', to: '/cost' },
    ],
  },
  {
    label: 'Компании',
    icon: 'pi-building',
    items: [
      { label: 'Компании', icon: 'pi-building', to: '/companies' },
      { label: 'Мои документы', icon: 'pi-folder', to: '/documents' },
    ],
  },
  {
    label: 'Личный кабинет',
    icon: 'pi-user',
    items: [
      { label: 'Мой прогресс', icon: 'pi-chart-line', to: '/my-progress' },
      { label: 'Обучение', icon: 'pi-book', to: '/education' },
    ],
  },
];

/** Keys are index paths: "0" for the first section, "0-2" for its third item. */
export function itemKey(path: readonly number[]): string {
  return path.join('-');
}

/** True when `key` is the active key or one of its ancestors ("0" is active when "0-2" is). */
export function isKeyActive(activeKey: string | null, key: string): boolean {
  if (activeKey === null) return false;
  return activeKey === key || activeKey.startsWith(`${key}-`);
}

const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * The key of the menu item a route belongs to: the item whose `to` equals the path, or else the
 * longest `to` that is a path prefix (a page under `/companies/12` keeps «Компании» active).
 */
export function activeKeyForPath(menu: readonly MenuItem[], pathname: string): string | null {
  const path = normalise(pathname);
  let best: { key: string; len: number } | null = null;
  const walk = (items: readonly MenuItem[], prefix: number[]) => {
    items.forEach((item, i) => {
      const here = [...prefix, i];
      if (item.to) {
        const to = normalise(item.to);
        const hit = path === to || (to !== '/' && path.startsWith(`${to}/`));
        if (hit && (!best || to.length > best.len)) best = { key: itemKey(here), len: to.length };
      }
      if (item.items) walk(item.items, here);
    });
  };
  walk(menu, []);
  return (best as { key: string } | null)?.key ?? null;
}

/** The chain of labels from the root section to the item with this `to` (used as a breadcrumb fallback). */
export function menuTrail(menu: readonly MenuItem[], pathname: string): MenuItem[] | null {
  const key = activeKeyForPath(menu, pathname);
  if (key === null) return null;
  const trail: MenuItem[] = [];
  let items: readonly MenuItem[] | undefined = menu;
  for (const part of key.split('-')) {
    const item: MenuItem | undefined = items?.[Number(part)];
    if (!item) return null;
    trail.push(item);
    items = item.items;
  }
  return trail;
}
