'use client';

import { IntentLink } from './IntentLink';
import { usePathname } from 'next/navigation';
import { useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { MENU, activeKeyForPath, isKeyActive, itemKey, type MenuItem } from '@/lib/domain/layout/menu';
import { menuKeyAction } from '@/lib/domain/layout/menu-keys';
import { placePopup } from '@/lib/domain/layout/popup';
import { isPopupMode } from '@/lib/domain/layout/state';
import { isDesktop, useLayout } from './LayoutContext';

/** The menu's controls a person can reach now (popups that are closed and hidden labels drop out). */
function visibleControls(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>('a[href], button')].filter((el) => {
    if (el.getClientRects().length === 0) return false;
    return getComputedStyle(el).visibility !== 'hidden';
  });
}

/** After a re-render, focus the first item of the popup of root item `li`. */
function focusFirstInPopup(li: HTMLElement) {
  requestAnimationFrame(() => li.querySelector<HTMLElement>('.layout-submenu a[href]')?.focus());
}

/**
 * The side menu, drawn from the menu data. Root items are the sections: a label in the vertical
 * modes, an icon button that opens a popup in slim, slim-plus and horizontal (CSS shows one or the other).
 */
export function AppMenu() {
  const { state, dispatch } = useLayout();
  const pathname = usePathname();
  const routeKey = activeKeyForPath(MENU, pathname);
  const popups = isPopupMode(state.menuMode);

  const menuRef = useRef<HTMLUListElement>(null);

  const rootClick = (key: string) => dispatch({ type: 'itemClick', key, root: true, hasChildren: true, desktop: isDesktop() });
  const leafClick = (key: string) => dispatch({ type: 'itemClick', key, root: false, hasChildren: false, desktop: isDesktop() });

  // An open popup is moved back inside the viewport (never past the right or bottom edge).
  const openKey = popups ? state.activeMenuItem : null;
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    for (const ul of menu.querySelectorAll<HTMLElement>(':scope > li > .layout-submenu')) {
      ul.style.removeProperty('transform');
      ul.style.removeProperty('max-height');
    }
    if (openKey === null || !isDesktop()) return;
    const popup = menu.querySelector<HTMLElement>(':scope > li.active-menuitem > .layout-submenu');
    if (!popup) return;
    const r = popup.getBoundingClientRect();
    const place = placePopup({ top: r.top, left: r.left, width: r.width, height: r.height }, { width: window.innerWidth, height: window.innerHeight });
    if (place.maxHeight !== null) popup.style.maxHeight = `${place.maxHeight}px`;
    if (place.dx !== 0 || place.dy !== 0) popup.style.transform = `translate(${place.dx}px, ${place.dy}px)`;
  }, [openKey, state.menuMode]);

  // Arrow keys, Home/End; in the popup modes right/left (or down/up in horizontal) open and leave popups.
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const menu = menuRef.current;
    if (!menu) return;
    const controls = visibleControls(menu);
    const focused = document.activeElement as HTMLElement | null;
    const index = focused ? controls.indexOf(focused) : -1;
    const rootIndices = controls.flatMap((el, i) => (el.classList.contains('layout-root-button') ? [i] : []));
    const li = focused?.closest<HTMLElement>('.layout-root-menuitem') ?? null;
    const action = menuKeyAction(e.key, {
      mode: state.menuMode,
      desktop: isDesktop(),
      index,
      count: controls.length,
      rootIndices,
      onRoot: !!focused?.classList.contains('layout-root-button'),
      inPopup: !!focused?.closest('.layout-submenu'),
    });
    if (action.kind === 'none' || index === -1) return;
    e.preventDefault();
    if (action.kind === 'focus') controls[action.index]?.focus();
    else if (action.kind === 'enterPopup' && li) {
      if (!li.classList.contains('active-menuitem')) focused?.click();
      focusFirstInPopup(li);
    } else if (action.kind === 'leavePopup' && li) {
      dispatch({ type: 'hideMenu' });
      li.querySelector<HTMLElement>('.layout-root-button')?.focus();
    }
  };

  return (
    <ul className="layout-menu" ref={menuRef} onKeyDown={onKeyDown}>
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
              aria-controls={`menu-section-${key}`}
              title={section.label}
              onClick={() => rootClick(key)}
            >
              <i className={`pi ${section.icon} layout-menuitem-icon`} aria-hidden="true" />
              <span className="layout-menuitem-text">{section.label}</span>
              <i className="pi pi-fw pi-angle-down layout-submenu-toggler" aria-hidden="true" />
            </button>
            <ul id={`menu-section-${key}`} aria-label={section.label} className="layout-submenu">
              {(section.items ?? []).map((item: MenuItem, j) => {
                const childKey = itemKey([i, j]);
                const active = routeKey === childKey;
                return (
                  <li key={childKey} className={active ? 'active-menuitem' : undefined}>
                    <IntentLink
                      href={item.to ?? '/'}
                      className={active ? 'active-route' : undefined}
                      aria-current={active ? 'page' : undefined}
                      title={item.label}
                      onClick={() => leafClick(childKey)}
                    >
                      <i className={`pi pi-fw ${item.icon} layout-menuitem-icon`} aria-hidden="true" />
                      <span className="layout-menuitem-text">{item.label}</span>
                    </IntentLink>
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
