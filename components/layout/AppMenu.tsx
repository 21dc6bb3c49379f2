'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { MENU, activeKeyForPath, isKeyActive, itemKey, type MenuItem } from '@/lib/domain/layout/menu';
import { isPopupMode } from '@/lib/domain/layout/state';
import { isDesktop, useLayout } from './LayoutContext';

/**
 * The side menu, drawn from the menu data. Root items are the sections: a label in the vertical
 * modes, an icon button that opens a popup in slim, slim-plus and horizontal (CSS shows one or the other).
 */
export function AppMenu() {
  const { state, dispatch } = useLayout();
  const pathname = usePathname();
  const routeKey = activeKeyForPath(MENU, pathname);
  const popups = isPopupMode(state.menuMode);

  const rootClick = (key: string) => dispatch({ type: 'itemClick', key, root: true, hasChildren: true, desktop: isDesktop() });
  const leafClick = (key: string) => dispatch({ type: 'itemClick', key, root: false, hasChildren: false, desktop: isDesktop() });

  return (
    <ul className="layout-menu">
      {MENU.map((section, i) => {
        const key = itemKey([i]);
        const open = popups && isKeyActive(state.activeMenuItem, key);
        const routeInside = routeKey !== null && isKeyActive(routeKey, key);
        return (
          <li
            key={key}
            className={['layout-root-menuitem', open ? 'active-menuitem' : '', routeInside ? 'active-route-section' : ''].join(' ').trim()}
            onMouseEnter={() => dispatch({ type: 'itemHover', key, root: true, desktop: isDesktop() })}
          >
            <div className="layout-menuitem-root-text" aria-hidden="true">
              {section.label}
            </div>
            <button
              type="button"
              className="layout-root-button"
              aria-expanded={open}
              title={section.label}
              onClick={() => rootClick(key)}
            >
              <i className={`pi ${section.icon} layout-menuitem-icon`} aria-hidden="true" />
              <span className="layout-menuitem-text">{section.label}</span>
              <i className="pi pi-fw pi-angle-down layout-submenu-toggler" aria-hidden="true" />
            </button>
            <ul aria-label={section.label} className="layout-submenu">
              {(section.items ?? []).map((item: MenuItem, j) => {
                const childKey = itemKey([i, j]);
                const active = routeKey === childKey;
                return (
                  <li key={childKey} className={active ? 'active-menuitem' : undefined}>
                    <Link
                      href={item.to ?? '/'}
                              className={active ? 'active-route' : undefined}
                      aria-current={active ? 'page' : undefined}
                      title={item.label}
                      onClick={() => leafClick(childKey)}
                    >
                      <i className={`pi pi-fw ${item.icon} layout-menuitem-icon`} aria-hidden="true" />
                      <span className="layout-menuitem-text">{item.label}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
