/**
 * The settings panel's choices, their defaults, the cookie format the server reads to
 * render `<html>` without a flash, and the CSS variables and classes a choice turns into.
 */
import { MENU_MODES, MENU_THEMES, type MenuMode, type MenuTheme } from '@/lib/domain/layout/state';
import { PRIMARY_RAMPS, PRIMARY_STEPS, SURFACE_RAMPS, SURFACE_STEPS } from './palettes';

export const PRESETS = ['Aura', 'Lara'] as const;
export type Preset = (typeof PRESETS)[number];
export type ColouredPrimary = keyof typeof PRIMARY_RAMPS;
export const PRIMARY_NAMES = ['noir', ...(Object.keys(PRIMARY_RAMPS) as ColouredPrimary[])] as const;
export type PrimaryName = 'noir' | ColouredPrimary;
export type SurfaceName = keyof typeof SURFACE_RAMPS;
export const SURFACE_NAMES = Object.keys(SURFACE_RAMPS) as SurfaceName[];

export interface UiSettings {
  preset: Preset;
  primary: PrimaryName;
  /** null = the preset's own surface: slate in light, zinc in dark. */
  surface: SurfaceName | null;
  darkTheme: boolean;
  menuMode: MenuMode;
  menuTheme: MenuTheme;
  /** Root font size in px (every rem follows): 12…16. */
  scale: number;
  /** PrimeReact's ink effect on click. */
  ripple: boolean;
  /** Form fields drawn with a border (outlined) or a filled background. */
  inputStyle: InputStyle;
}

export const INPUT_STYLES = ['outlined', 'filled'] as const;
export type InputStyle = (typeof INPUT_STYLES)[number];
export const INPUT_STYLE_LABELS: Record<InputStyle, string> = { outlined: 'С рамкой', filled: 'С заливкой' };
export const SCALES = [12, 13, 14, 15, 16] as const;

export const DEFAULT_SETTINGS: UiSettings = {
  preset: 'Aura',
  primary: 'blue',
  surface: null,
  darkTheme: false,
  menuMode: 'static',
  menuTheme: 'colorScheme',
  scale: 14,
  ripple: true,
  inputStyle: 'outlined',
};

/** Cookie (read by the server) and localStorage key (read by the browser). */
export const SETTINGS_COOKIE = 'ui-settings';
export const SETTINGS_STORAGE_KEY = 'ui-settings';
/** One year. */
export const SETTINGS_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

const oneOf = <T extends string>(list: readonly T[], v: unknown): v is T => typeof v === 'string' && list.includes(v as T);

/** Reads stored settings; anything missing or not allowed falls back to its default, key by key. */
export function parseSettings(raw: string | null | undefined): UiSettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    try {
      data = JSON.parse(decodeURIComponent(raw));
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }
  if (typeof data !== 'object' || data === null) return { ...DEFAULT_SETTINGS };
  const d = data as Record<string, unknown>;
  return {
    preset: oneOf(PRESETS, d.preset) ? d.preset : DEFAULT_SETTINGS.preset,
    primary: oneOf(PRIMARY_NAMES, d.primary) ? d.primary : DEFAULT_SETTINGS.primary,
    surface: d.surface === null ? null : oneOf(SURFACE_NAMES, d.surface) ? d.surface : DEFAULT_SETTINGS.surface,
    darkTheme: typeof d.darkTheme === 'boolean' ? d.darkTheme : DEFAULT_SETTINGS.darkTheme,
    menuMode: oneOf(MENU_MODES, d.menuMode) ? d.menuMode : DEFAULT_SETTINGS.menuMode,
    menuTheme: oneOf(MENU_THEMES, d.menuTheme) ? d.menuTheme : DEFAULT_SETTINGS.menuTheme,
    scale: typeof d.scale === 'number' && (SCALES as readonly number[]).includes(d.scale) ? d.scale : DEFAULT_SETTINGS.scale,
    ripple: typeof d.ripple === 'boolean' ? d.ripple : DEFAULT_SETTINGS.ripple,
    inputStyle: oneOf(INPUT_STYLES, d.inputStyle) ? d.inputStyle : DEFAULT_SETTINGS.inputStyle,
  };
}

export function serializeSettings(s: UiSettings): string {
  return JSON.stringify({
    preset: s.preset,
    primary: s.primary,
    surface: s.surface,
    darkTheme: s.darkTheme,
    menuMode: s.menuMode,
    menuTheme: s.menuTheme,
    scale: s.scale,
    ripple: s.ripple,
    inputStyle: s.inputStyle,
  });
}

/** The surface ramp in effect: the chosen one, or the preset's own for the scheme. */
export function effectiveSurface(s: Pick<UiSettings, 'surface' | 'darkTheme'>): SurfaceName {
  return s.surface ?? (s.darkTheme ? 'zinc' : 'slate');
}

/**
 * The palette variables set on `<html>`: `--p-surface-0..950` and `--p-primary-50..950`. Noir points
 * the primary ramp at the surface ramp; its role colours (dark end in light mode, light end in dark
 * mode) come from the `.primary-noir` rules of the theme sheet.
 */
export function paletteVariables(s: Pick<UiSettings, 'primary' | 'surface' | 'darkTheme'>): Record<string, string> {
  const vars: Record<string, string> = {};
  const surface = SURFACE_RAMPS[effectiveSurface(s)];
  SURFACE_STEPS.forEach((step, i) => {
    vars[`--p-surface-${step}`] = surface[i]!;
  });
  PRIMARY_STEPS.forEach((step, i) => {
    vars[`--p-primary-${step}`] = s.primary === 'noir' ? `var(--p-surface-${step})` : PRIMARY_RAMPS[s.primary][i]!;
  });
  return vars;
}

/**
 * Classes on `<html>`: `app-dark` for the dark scheme, the preset and the primary; `p-input-filled`
 * (PrimeReact's filled fields) and `p-ripple-disabled` when chosen.
 */
export function htmlClasses(s: Pick<UiSettings, 'preset' | 'primary' | 'darkTheme'> & Partial<Pick<UiSettings, 'inputStyle' | 'ripple'>>): string {
  const c = [`preset-${s.preset.toLowerCase()}`, `primary-${s.primary}`];
  if (s.darkTheme) c.unshift('app-dark');
  if (s.inputStyle === 'filled') c.push('p-input-filled');
  if (s.ripple === false) c.push('p-ripple-disabled');
  return c.join(' ');
}

/** The root font size for a scale (12…16 px). */
export function rootFontSize(s: Pick<UiSettings, 'scale'>): string {
  return `${s.scale}px`;
}

/** The swatch a panel shows for a primary (palette 500; noir shows the text colour). */
export function primarySwatch(name: PrimaryName): string {
  return name === 'noir' ? 'var(--text-color)' : PRIMARY_RAMPS[name][5]!;
}

export function surfaceSwatch(name: SurfaceName): string {
  return SURFACE_RAMPS[name][6]!;
}

export const MENU_MODE_LABELS: Record<MenuMode, string> = {
  static: 'Статичное',
  overlay: 'Поверх страницы',
  slim: 'Узкое',
  'slim-plus': 'Узкое с подписями',
  reveal: 'Выдвижное',
  drawer: 'Раскрывающееся',
  horizontal: 'Горизонтальное',
};

export const MENU_THEME_LABELS: Record<MenuTheme, string> = {
  colorScheme: 'Как схема',
  primaryColor: 'Основной цвет',
  transparent: 'Прозрачная',
};

export const PRIMARY_LABELS: Record<PrimaryName, string> = {
  noir: 'Нуар',
  emerald: 'Изумрудный',
  green: 'Зелёный',
  lime: 'Лаймовый',
  orange: 'Оранжевый',
  amber: 'Янтарный',
  yellow: 'Жёлтый',
  teal: 'Бирюзовый',
  cyan: 'Циан',
  sky: 'Небесный',
  blue: 'Синий',
  indigo: 'Индиго',
  violet: 'Фиолетовый',
  purple: 'Пурпурный',
  fuchsia: 'Фуксия',
  pink: 'Розовый',
  rose: 'Малиновый',
};

export const SURFACE_LABELS: Record<SurfaceName, string> = {
  slate: 'Сланец',
  gray: 'Серый',
  zinc: 'Цинк',
  neutral: 'Нейтральный',
  stone: 'Камень',
  soho: 'Сохо',
  viva: 'Вива',
  ocean: 'Океан',
};
