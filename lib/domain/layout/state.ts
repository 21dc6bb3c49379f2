/**
 * The shell's layout state as a pure reducer. The component layer only
 * dispatches actions and maps the state to container classes; every rule lives here.
 */

export const MENU_MODES = ['static', 'overlay', 'slim', 'slim-plus', 'reveal', 'drawer', 'horizontal'] as const;
export type MenuMode = (typeof MENU_MODES)[number];

/** Modes whose root items open floating popups (click, then hover). Desktop only. */
const POPUP_MODES: readonly MenuMode[] = ['slim', 'slim-plus', 'horizontal'];
/** Modes that expand on hover and hide 300 ms after the mouse leaves, with a pin. Desktop only. */
const HOVER_MODES: readonly MenuMode[] = ['reveal', 'drawer'];
/** Delay before a reveal/drawer sidebar hides after the mouse leaves. */
export const AUTO_HIDE_MS = 300;
/** Desktop is wider than this many CSS pixels. */
export const MOBILE_MAX_WIDTH = 991;

export const isPopupMode = (m: MenuMode) => POPUP_MODES.includes(m);
export const isHoverMode = (m: MenuMode) => HOVER_MODES.includes(m);
export const isDesktopWidth = (width: number) => width > MOBILE_MAX_WIDTH;

export interface LayoutState {
  menuMode: MenuMode;
  staticMenuDesktopInactive: boolean;
  overlayMenuActive: boolean;
  staticMenuMobileActive: boolean;
  menuHoverActive: boolean;
  overlaySubmenuActive: boolean;
  sidebarActive: boolean;
  anchored: boolean;
  /** Key of the active menu item ("0-2"), or null. */
  activeMenuItem: string | null;
  profileSidebarVisible: boolean;
  configSidebarVisible: boolean;
  searchVisible: boolean;
}

export type LayoutAction =
  | { type: 'toggleMenu'; desktop: boolean }
  | { type: 'hideMenu' }
  | { type: 'setMenuMode'; mode: MenuMode }
  | { type: 'routeChanged'; activeKey: string | null }
  | { type: 'itemClick'; key: string; root: boolean; hasChildren: boolean; desktop: boolean }
  | { type: 'itemHover'; key: string; root: boolean; desktop: boolean }
  | { type: 'sidebarEnter' }
  | { type: 'sidebarAutoHide' }
  | { type: 'toggleAnchor' }
  | { type: 'showProfile' }
  | { type: 'hideProfile' }
  | { type: 'showConfig' }
  | { type: 'hideConfig' }
  | { type: 'showSearch' }
  | { type: 'hideSearch' };

export function initialLayoutState(menuMode: MenuMode = 'static', activeMenuItem: string | null = null): LayoutState {
  return {
    menuMode,
    staticMenuDesktopInactive: false,
    overlayMenuActive: false,
    staticMenuMobileActive: false,
    menuHoverActive: false,
    overlaySubmenuActive: false,
    sidebarActive: false,
    anchored: false,
    activeMenuItem,
    profileSidebarVisible: false,
    configSidebarVisible: false,
    searchVisible: false,
  };
}

/** hideMenu: closes overlays, the mobile menu and open popups. */
function hideMenu(s: LayoutState): LayoutState {
  return {
    ...s,
    overlayMenuActive: false,
    staticMenuMobileActive: false,
    menuHoverActive: false,
    overlaySubmenuActive: false,
    activeMenuItem: isPopupMode(s.menuMode) ? null : s.activeMenuItem,
  };
}

/** The parent key of "0-2-1" is "0-2"; a root key has none. */
const parentKey = (key: string) => (key.includes('-') ? key.slice(0, key.lastIndexOf('-')) : null);

export function layoutReducer(s: LayoutState, a: LayoutAction): LayoutState {
  switch (a.type) {
    case 'toggleMenu': {
      let next = s;
      if (s.menuMode === 'overlay') next = { ...next, overlayMenuActive: !next.overlayMenuActive };
      if (a.desktop) next = { ...next, staticMenuDesktopInactive: !next.staticMenuDesktopInactive };
      else next = { ...next, staticMenuMobileActive: !next.staticMenuMobileActive };
      return next;
    }
    case 'hideMenu':
      return hideMenu(s);
    case 'setMenuMode': {
      const next: LayoutState = {
        ...hideMenu(s),
        menuMode: a.mode,
        sidebarActive: false,
        anchored: false,
        activeMenuItem: isPopupMode(a.mode) ? null : s.activeMenuItem,
      };
      // Choosing static brings the desktop menu back.
      return a.mode === 'static' ? { ...next, staticMenuDesktopInactive: false } : next;
    }
    case 'routeChanged': {
      const closed = { ...hideMenu(s), profileSidebarVisible: false, searchVisible: false };
      // Popup modes do not re-derive the active item: popups close after navigation.
      return { ...closed, activeMenuItem: isPopupMode(s.menuMode) ? null : a.activeKey };
    }
    case 'itemClick': {
      const popups = a.desktop && isPopupMode(s.menuMode);
      if (a.hasChildren) {
        const open = s.activeMenuItem !== null && (s.activeMenuItem === a.key || s.activeMenuItem.startsWith(`${a.key}-`));
        if (popups && a.root) {
          return {
            ...s,
            menuHoverActive: !s.menuHoverActive,
            activeMenuItem: open ? null : a.key,
            overlaySubmenuActive: !open,
          };
        }
        // Vertical accordion: open this one (siblings collapse) or close back to the parent.
        return { ...s, activeMenuItem: open ? parentKey(a.key) : a.key };
      }
      // A leaf.
      if (popups) return { ...s, activeMenuItem: null, menuHoverActive: false, overlaySubmenuActive: false };
      return {
        ...s,
        activeMenuItem: a.key,
        staticMenuMobileActive: a.desktop ? s.staticMenuMobileActive : false,
        overlayMenuActive: false,
      };
    }
    case 'itemHover':
      if (a.desktop && a.root && isPopupMode(s.menuMode) && s.menuHoverActive && s.activeMenuItem !== a.key) {
        return { ...s, activeMenuItem: a.key, overlaySubmenuActive: true };
      }
      return s;
    case 'sidebarEnter':
      return !s.anchored && !s.sidebarActive && isHoverMode(s.menuMode) ? { ...s, sidebarActive: true } : s;
    case 'sidebarAutoHide':
      return !s.anchored && s.sidebarActive ? { ...s, sidebarActive: false } : s;
    case 'toggleAnchor':
      return { ...s, anchored: !s.anchored, sidebarActive: true };
    case 'showProfile':
      return { ...hideMenu(s), profileSidebarVisible: true, configSidebarVisible: false };
    case 'hideProfile':
      return { ...s, profileSidebarVisible: false };
    case 'showConfig':
      // Opening the settings closes any open overlay menu first.
      return { ...hideMenu(s), configSidebarVisible: true, profileSidebarVisible: false };
    case 'hideConfig':
      return { ...s, configSidebarVisible: false };
    case 'showSearch':
      return { ...s, searchVisible: true };
    case 'hideSearch':
      return { ...s, searchVisible: false };
  }
}

/** True while some menu overlay is open, i.e. an outside click must close it. */
export function overlayOpen(s: LayoutState): boolean {
  return s.overlayMenuActive || s.staticMenuMobileActive || s.overlaySubmenuActive;
}

export const MENU_THEMES = ['colorScheme', 'primaryColor', 'transparent'] as const;
export type MenuTheme = (typeof MENU_THEMES)[number];

/** Classes of the layout container. */
export function layoutClasses(s: LayoutState, menuTheme: MenuTheme): string[] {
  const c = ['layout-wrapper', `layout-${s.menuMode}`, `layout-${menuTheme.toLowerCase()}-menu`];
  if (s.menuMode === 'static' && s.staticMenuDesktopInactive) c.push('layout-static-inactive');
  if (s.menuMode === 'overlay' && s.overlayMenuActive) c.push('layout-overlay-active');
  if (s.staticMenuMobileActive) c.push('layout-mobile-active');
  if (isHoverMode(s.menuMode) && s.sidebarActive) c.push('layout-sidebar-active');
  if (isHoverMode(s.menuMode) && s.anchored) c.push('layout-sidebar-anchored');
  return c;
}
