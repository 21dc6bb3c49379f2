'use client';

import dynamic from 'next/dynamic';
import { usePathname } from 'next/navigation';
import { useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { BreadcrumbMeta } from '@/lib/domain/layout/breadcrumb';
import { MENU, activeKeyForPath } from '@/lib/domain/layout/menu';
import { initialLayoutState, layoutClasses, layoutReducer, overlayOpen } from '@/lib/domain/layout/state';
import { AppSidebar } from './AppSidebar';
import { AppTopbar, type AppTopbarRef } from './AppTopbar';
import { LayoutContext, isDesktop, type LayoutContextValue } from './LayoutContext';
import { SettingsSidebar } from './SettingsSidebar';
import { useTheme } from './ThemeProvider';

/** The profile panel's code loads on first open. */
const ProfileSidebar = dynamic(() => import('./ProfileSidebar').then((m) => m.ProfileSidebar), { ssr: false });

/**
 * The frame of every business page: top bar, side menu in the chosen mode, profile and settings
 * panels. Behaviour is the reducer in lib/domain/layout/state.ts; this component wires DOM events to it.
 */
export function AppShell({
  productName,
  messengerUrl,
  routes,
  children,
}: {
  productName: string;
  messengerUrl: string | null;
  /** Breadcrumb lines of this group's routes (the demo layout passes components/demo/pages.ts's). */
  routes?: Record<string, BreadcrumbMeta>;
  children: ReactNode;
}) {
  const { settings } = useTheme();
  const pathname = usePathname();
  const [state, dispatch] = useReducer(layoutReducer, undefined, () => initialLayoutState(settings.menuMode, activeKeyForPath(MENU, pathname)));
  const [pageBreadcrumb, setPageBreadcrumb] = useState<BreadcrumbMeta | null>(null);
  const [profileWanted, setProfileWanted] = useState(false);
  if (state.profileSidebarVisible && !profileWanted) setProfileWanted(true);
  const sidebar = useRef<HTMLElement>(null);
  const topbar = useRef<AppTopbarRef>(null);

  // The settings panel chooses the mode; the reducer applies its rules.
  useEffect(() => {
    if (settings.menuMode !== state.menuMode) dispatch({ type: 'setMenuMode', mode: settings.menuMode });
  }, [settings.menuMode, state.menuMode]);

  // The session check on entry: verifies (or renews) the access token and caches its roles in
  // localStorage `userRoles` — another tab may have renewed the tokens meanwhile. It waits until the browser is
  // idle: the page's own code and data come first (a call meanwhile renews an expired token itself, and a
  // sign-in has stored the roles already). Then, while the page is open, the token is renewed before it expires.
  useEffect(() => {
    let stopFresh: (() => void) | undefined;
    let gone = false;
    const check = () =>
      void import('@/lib/client/session')
        .then(async ({ ensureSession, forgetRoles, getAccessToken }) => {
          if (getAccessToken()) await ensureSession();
          else forgetRoles();
          const { keepAccessTokenFresh } = await import('@/lib/client/refresh');
          if (!gone) stopFresh = keepAccessTokenFresh();
        })
        .catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const t = setTimeout(check, 0);
      return () => {
        gone = true;
        clearTimeout(t);
        stopFresh?.();
      };
    }
    const h = window.requestIdleCallback(check, { timeout: 2000 });
    return () => {
      gone = true;
      window.cancelIdleCallback(h);
      stopFresh?.();
    };
  }, []);

  // Every navigation closes menus and panels and re-derives the active item.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    dispatch({ type: 'routeChanged', activeKey: activeKeyForPath(MENU, pathname) });
  }, [pathname]);

  // A click outside the sidebar and the menu button closes overlays and popups.
  const open = overlayOpen(state);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node | null;
      if (!t) return;
      if (sidebar.current?.contains(t)) return;
      if (topbar.current?.menuButton?.contains(t)) return;
      dispatch({ type: 'hideMenu' });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dispatch({ type: 'hideMenu' });
    };
    document.addEventListener('click', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // An open slim / slim-plus / horizontal popup closes when the page or the menu scrolls, or the window
  // resizes (it would be left hanging where its item was); scrolling inside the popup itself is fine.
  const popupOpen = state.overlaySubmenuActive;
  useEffect(() => {
    if (!popupOpen) return;
    const onScroll = (e: Event) => {
      const t = e.target;
      if (t instanceof Element && t.closest('.layout-submenu')) return;
      dispatch({ type: 'hideMenu' });
    };
    const onResize = () => dispatch({ type: 'hideMenu' });
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', onResize);
    };
  }, [popupOpen]);

  // Growing past the breakpoint with the mobile menu open closes it (the desktop menu takes over).
  const mobileOpen = state.staticMenuMobileActive;
  useEffect(() => {
    if (!mobileOpen) return;
    const onResize = () => {
      if (isDesktop()) dispatch({ type: 'hideMenu' });
    };
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [mobileOpen]);

  // The mobile menu blocks page scrolling underneath.
  useEffect(() => {
    document.body.classList.toggle('blocked-scroll', state.staticMenuMobileActive);
    return () => document.body.classList.remove('blocked-scroll');
  }, [state.staticMenuMobileActive]);

  const value = useMemo<LayoutContextValue>(
    () => ({ state, dispatch, pageBreadcrumb, setPageBreadcrumb, productName, messengerUrl, routes }),
    [state, pageBreadcrumb, productName, messengerUrl, routes],
  );

  return (
    <LayoutContext.Provider value={value}>
      <div className={layoutClasses(state, settings.menuTheme).join(' ')} data-menu-mode={state.menuMode}>
        <a className="layout-skip-link" href="#main-content">
          Перейти к содержимому
        </a>
        <AppTopbar ref={topbar} />
        <AppSidebar ref={sidebar} />
        <div className="layout-main-container">
          <main id="main-content" className="layout-main" tabIndex={-1}>
            {children}
          </main>
        </div>
        <div className="layout-mask" aria-hidden="true" />
        {profileWanted && <ProfileSidebar visible={state.profileSidebarVisible} onHide={() => dispatch({ type: 'hideProfile' })} />}
        <SettingsSidebar visible={state.configSidebarVisible} onHide={() => dispatch({ type: 'hideConfig' })} />
      </div>
    </LayoutContext.Provider>
  );
}
