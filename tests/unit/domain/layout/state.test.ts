// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  AUTO_HIDE_MS,
  MENU_MODES,
  initialLayoutState,
  isDesktopWidth,
  layoutClasses,
  layoutReducer as r,
  overlayOpen,
  type LayoutState,
} from '@/lib/domain/layout/state';

const s0 = (patch: Partial<LayoutState> = {}): LayoutState => ({ ...initialLayoutState(), ...patch });

describe('layout reducer: the menu button', () => {
  it('flips the static-inactive flag on desktop in static mode', () => {
    const a = r(s0(), { type: 'toggleMenu', desktop: true });
    expect(a.staticMenuDesktopInactive).toBe(true);
    expect(a.overlayMenuActive).toBe(false);
    expect(r(a, { type: 'toggleMenu', desktop: true }).staticMenuDesktopInactive).toBe(false);
  });
  it('flips the overlay flag in overlay mode', () => {
    const a = r(s0({ menuMode: 'overlay' }), { type: 'toggleMenu', desktop: true });
    expect(a.overlayMenuActive).toBe(true);
    expect(overlayOpen(a)).toBe(true);
    expect(r(a, { type: 'toggleMenu', desktop: true }).overlayMenuActive).toBe(false);
  });
  it('flips the mobile flag on narrow screens, whatever the mode', () => {
    for (const menuMode of MENU_MODES) {
      const a = r(s0({ menuMode }), { type: 'toggleMenu', desktop: false });
      expect(a.staticMenuMobileActive).toBe(true);
      expect(a.staticMenuDesktopInactive).toBe(false);
      expect(layoutClasses(a, 'colorScheme')).toContain('layout-mobile-active');
    }
  });
  it('draws the desktop breakpoint at 991 px', () => {
    expect(isDesktopWidth(991)).toBe(false);
    expect(isDesktopWidth(992)).toBe(true);
  });
});

describe('layout reducer: hiding and modes', () => {
  it('hideMenu closes the overlay, the mobile menu and popups but keeps static-inactive', () => {
    const open = s0({ overlayMenuActive: true, staticMenuMobileActive: true, menuHoverActive: true, overlaySubmenuActive: true, staticMenuDesktopInactive: true });
    const a = r(open, { type: 'hideMenu' });
    expect(a).toMatchObject({ overlayMenuActive: false, staticMenuMobileActive: false, menuHoverActive: false, overlaySubmenuActive: false, staticMenuDesktopInactive: true });
    expect(overlayOpen(a)).toBe(false);
  });
  it('choosing static re-enables the desktop menu', () => {
    const hidden = s0({ staticMenuDesktopInactive: true, menuMode: 'overlay' });
    expect(r(hidden, { type: 'setMenuMode', mode: 'static' }).staticMenuDesktopInactive).toBe(false);
    expect(r(hidden, { type: 'setMenuMode', mode: 'slim' }).staticMenuDesktopInactive).toBe(true);
  });
  it('switching into a popup mode resets the active item; vertical modes keep it', () => {
    const a = s0({ activeMenuItem: '0-1', overlayMenuActive: true, anchored: true, sidebarActive: true });
    expect(r(a, { type: 'setMenuMode', mode: 'slim' })).toMatchObject({ activeMenuItem: null, overlayMenuActive: false, anchored: false, sidebarActive: false, menuMode: 'slim' });
    expect(r(a, { type: 'setMenuMode', mode: 'drawer' }).activeMenuItem).toBe('0-1');
  });
  it('a route change closes menus and panels and re-derives the active item', () => {
    const a = s0({ staticMenuMobileActive: true, profileSidebarVisible: true, searchVisible: true, activeMenuItem: '1' });
    expect(r(a, { type: 'routeChanged', activeKey: '0-2' })).toMatchObject({ staticMenuMobileActive: false, profileSidebarVisible: false, searchVisible: false, activeMenuItem: '0-2' });
  });
  it('a route change in a popup mode does not re-derive the active item', () => {
    const a = s0({ menuMode: 'horizontal', activeMenuItem: '1', menuHoverActive: true, overlaySubmenuActive: true });
    expect(r(a, { type: 'routeChanged', activeKey: '0-2' })).toMatchObject({ activeMenuItem: null, menuHoverActive: false, overlaySubmenuActive: false });
  });
});

describe('layout reducer: menu items', () => {
  it('vertical: a parent toggles, siblings collapse, closing falls back to the parent key', () => {
    let a = r(s0(), { type: 'itemClick', key: '0', root: true, hasChildren: true, desktop: true });
    expect(a.activeMenuItem).toBe('0');
    a = r(a, { type: 'itemClick', key: '1', root: true, hasChildren: true, desktop: true });
    expect(a.activeMenuItem).toBe('1');
    a = r(a, { type: 'itemClick', key: '1', root: true, hasChildren: true, desktop: true });
    expect(a.activeMenuItem).toBe(null);
    a = r(s0({ activeMenuItem: '0-2-1' }), { type: 'itemClick', key: '0-2', root: false, hasChildren: true, desktop: true });
    expect(a.activeMenuItem).toBe('0');
  });
  it('a leaf on mobile closes the mobile menu; on desktop leaves it', () => {
    const open = s0({ staticMenuMobileActive: true });
    expect(r(open, { type: 'itemClick', key: '0-1', root: false, hasChildren: false, desktop: false })).toMatchObject({ staticMenuMobileActive: false, activeMenuItem: '0-1' });
    expect(r(open, { type: 'itemClick', key: '0-1', root: false, hasChildren: false, desktop: true }).staticMenuMobileActive).toBe(true);
  });
  it('a leaf closes the overlay menu', () => {
    const open = s0({ menuMode: 'overlay', overlayMenuActive: true });
    expect(r(open, { type: 'itemClick', key: '0-1', root: false, hasChildren: false, desktop: true }).overlayMenuActive).toBe(false);
  });
  for (const menuMode of ['slim', 'slim-plus', 'horizontal'] as const) {
    it(`${menuMode}: click opens a popup, then hover follows, a leaf closes everything`, () => {
      let a = r(s0({ menuMode }), { type: 'itemHover', key: '1', root: true, desktop: true });
      expect(a.activeMenuItem).toBe(null); // hover does nothing before the first click
      a = r(a, { type: 'itemClick', key: '0', root: true, hasChildren: true, desktop: true });
      expect(a).toMatchObject({ activeMenuItem: '0', menuHoverActive: true, overlaySubmenuActive: true });
      expect(overlayOpen(a)).toBe(true);
      a = r(a, { type: 'itemHover', key: '1', root: true, desktop: true });
      expect(a.activeMenuItem).toBe('1');
      a = r(a, { type: 'itemClick', key: '1-0', root: false, hasChildren: false, desktop: true });
      expect(a).toMatchObject({ activeMenuItem: null, menuHoverActive: false, overlaySubmenuActive: false });
    });
    it(`${menuMode}: clicking the open root again closes its popup`, () => {
      let a = r(s0({ menuMode }), { type: 'itemClick', key: '2', root: true, hasChildren: true, desktop: true });
      a = r(a, { type: 'itemClick', key: '2', root: true, hasChildren: true, desktop: true });
      expect(a).toMatchObject({ activeMenuItem: null, menuHoverActive: false, overlaySubmenuActive: false });
    });
    it(`${menuMode}: on a narrow screen items behave as the vertical menu`, () => {
      const a = r(s0({ menuMode }), { type: 'itemClick', key: '0', root: true, hasChildren: true, desktop: false });
      expect(a).toMatchObject({ activeMenuItem: '0', menuHoverActive: false });
    });
  }
});

describe('layout reducer: reveal and drawer', () => {
  for (const menuMode of ['reveal', 'drawer'] as const) {
    it(`${menuMode}: expands on enter, hides on the timer unless anchored`, () => {
      let a = r(s0({ menuMode }), { type: 'sidebarEnter' });
      expect(a.sidebarActive).toBe(true);
      expect(layoutClasses(a, 'colorScheme')).toContain('layout-sidebar-active');
      expect(r(a, { type: 'sidebarAutoHide' }).sidebarActive).toBe(false);
      a = r(a, { type: 'toggleAnchor' });
      expect(layoutClasses(a, 'colorScheme')).toContain('layout-sidebar-anchored');
      expect(r(a, { type: 'sidebarAutoHide' }).sidebarActive).toBe(true);
      a = r(a, { type: 'toggleAnchor' });
      expect(a.anchored).toBe(false);
      expect(r(a, { type: 'sidebarAutoHide' }).sidebarActive).toBe(false);
    });
  }
  it('static ignores hover', () => {
    expect(r(s0(), { type: 'sidebarEnter' }).sidebarActive).toBe(false);
  });
  it('hides after 300 ms', () => {
    expect(AUTO_HIDE_MS).toBe(300);
  });
});

describe('layout reducer: panels', () => {
  it('opening the settings closes overlays first', () => {
    const a = r(s0({ menuMode: 'overlay', overlayMenuActive: true, staticMenuMobileActive: true }), { type: 'showConfig' });
    expect(a).toMatchObject({ configSidebarVisible: true, overlayMenuActive: false, staticMenuMobileActive: false });
    expect(r(a, { type: 'hideConfig' }).configSidebarVisible).toBe(false);
  });
  it('profile and settings panels replace each other', () => {
    let a = r(s0(), { type: 'showProfile' });
    expect(a.profileSidebarVisible).toBe(true);
    a = r(a, { type: 'showConfig' });
    expect(a).toMatchObject({ profileSidebarVisible: false, configSidebarVisible: true });
    a = r(a, { type: 'showProfile' });
    expect(a).toMatchObject({ profileSidebarVisible: true, configSidebarVisible: false });
    expect(r(a, { type: 'hideProfile' }).profileSidebarVisible).toBe(false);
  });
  it('search box opens and closes', () => {
    const a = r(s0(), { type: 'showSearch' });
    expect(a.searchVisible).toBe(true);
    expect(r(a, { type: 'hideSearch' }).searchVisible).toBe(false);
  });
});

describe('container classes', () => {
  it('name the mode, the menu theme and the flags that apply to it', () => {
    expect(layoutClasses(s0(), 'colorScheme')).toEqual(['layout-wrapper', 'layout-static', 'layout-colorscheme-menu']);
    expect(layoutClasses(s0({ staticMenuDesktopInactive: true }), 'primaryColor')).toEqual(['layout-wrapper', 'layout-static', 'layout-primarycolor-menu', 'layout-static-inactive']);
    // static-inactive only shows in static mode
    expect(layoutClasses(s0({ menuMode: 'slim', staticMenuDesktopInactive: true }), 'transparent')).toEqual(['layout-wrapper', 'layout-slim', 'layout-transparent-menu']);
    expect(layoutClasses(s0({ menuMode: 'overlay', overlayMenuActive: true }), 'colorScheme')).toContain('layout-overlay-active');
  });
});
