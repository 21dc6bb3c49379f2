'use client';

import Link from 'next/link';
import { InputText } from 'primereact/inputtext';
import { forwardRef, useImperativeHandle, useRef, useState } from 'react';
import { AppBreadcrumb } from './AppBreadcrumb';
import { isDesktop, useIsDesktop, useLayout } from './LayoutContext';

export interface AppTopbarRef {
  menuButton: HTMLButtonElement | null;
}

/** Top bar: menu toggle, breadcrumb, search «Поиск…», profile and settings buttons. */
export const AppTopbar = forwardRef<AppTopbarRef>(function AppTopbar(_props, ref) {
  const { state, dispatch, productName } = useLayout();
  const menuButton = useRef<HTMLButtonElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
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

  const openSearch = () => {
    dispatch({ type: 'showSearch' });
    setTimeout(() => searchInput.current?.focus(), 0);
  };

  return (
    <header className="layout-topbar">
      <div className="layout-topbar-start">
        <Link href="/" className="layout-topbar-logo" aria-label={`${productName} — на главную`}>
          <i className="pi pi-calculator" aria-hidden="true" />
          <span>{productName}</span>
        </Link>
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
        <div className={`layout-search${state.searchVisible ? ' layout-search-open' : ''}`} role="search">
          <button type="button" className="layout-topbar-button layout-search-button" aria-label="Поиск" onClick={openSearch}>
            <i className="pi pi-search" aria-hidden="true" />
          </button>
          <InputText
            ref={searchInput}
            className="layout-search-input"
            placeholder="Поиск…"
            aria-label="Поиск"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onFocus={() => dispatch({ type: 'showSearch' })}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                setQuery('');
                dispatch({ type: 'hideSearch' });
                (e.target as HTMLInputElement).blur();
              }
            }}
          />
        </div>
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
