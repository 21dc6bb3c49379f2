'use client';

import { IntentLink } from './IntentLink';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { SearchBox } from '@/components/search/SearchBox';
import { NotificationBell } from '../notifications/NotificationBell';
import { AppBreadcrumb } from './AppBreadcrumb';
import { isDesktop, useIsDesktop, useLayout } from './LayoutContext';

export interface AppTopbarRef {
  menuButton: HTMLButtonElement | null;
}

/** Top bar: menu toggle, breadcrumb, search «Поиск…» (components/search/SearchBox), notifications bell, profile and settings buttons. */
export const AppTopbar = forwardRef<AppTopbarRef>(function AppTopbar(_props, ref) {
  const { state, dispatch, productName } = useLayout();
  const menuButton = useRef<HTMLButtonElement>(null);
  const desktop = useIsDesktop();
  // Whether the menu this button controls is on screen now.
  const menuShown = desktop
    ? state.menuMode === 'overlay'
      ? state.overlayMenuActive
      : state.menuMode === 'static'
        ? !state.staticMenuDesktopInactive
        : true
    : state.staticMenuMobileActive;
  useImperativeHandle(ref, () => ({ menuButton: menuButton.current }));

  return (
    <header className="layout-topbar">
      <div className="layout-topbar-start">
        <IntentLink href="/" className="layout-topbar-logo" aria-label={`${productName} — на главную`}>
          <i className="pi pi-calculator" aria-hidden="true" />
          <span>{productName}</span>
        </IntentLink>
        <button
          ref={menuButton}
          type="button"
          className="layout-topbar-button layout-menu-button"
          aria-label="Меню"
          aria-expanded={menuShown}
          aria-controls="layout-sidebar"
          onClick={() => dispatch({ type: 'toggleMenu', desktop: isDesktop() })}
        >
          <i className="pi pi-bars" aria-hidden="true" />
        </button>
      </div>
      <AppBreadcrumb />
      <div className="layout-topbar-end">
        <SearchBox />
        <NotificationBell />
        <button type="button" className="layout-topbar-button" aria-label="Профиль" onClick={() => dispatch({ type: 'showProfile' })}>
          <i className="pi pi-user" aria-hidden="true" />
        </button>
        <button type="button" className="layout-topbar-button" aria-label="Настройки" onClick={() => dispatch({ type: 'showConfig' })}>
          <i className="pi pi-cog" aria-hidden="true" />
        </button>
      </div>
    </header>
  );
});
