// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  PRIMARY_NAMES,
  SURFACE_NAMES,
  htmlClasses,
  paletteVariables,
  parseSettings,
  rootFontSize,
  serializeSettings,
} from '@/lib/domain/theme/settings';

describe('theme settings', () => {
  it('has the default settings: Aura, blue, the preset surface, light, static, colorScheme', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      preset: 'Aura',
      primary: 'blue',
      surface: null,
      darkTheme: false,
      menuMode: 'static',
      menuTheme: 'colorScheme',
      scale: 14,
      ripple: true,
      inputStyle: 'outlined',
    });
  });
  it('offers 17 primaries and 8 surfaces in the theme panel order', () => {
    expect(PRIMARY_NAMES).toEqual(['noir', 'emerald', 'green', 'lime', 'orange', 'amber', 'yellow', 'teal', 'cyan', 'sky', 'blue', 'indigo', 'violet', 'purple', 'fuchsia', 'pink', 'rose']);
    expect(SURFACE_NAMES).toEqual(['slate', 'gray', 'zinc', 'neutral', 'stone', 'soho', 'viva', 'ocean']);
  });
  it('round-trips through the cookie and falls back key by key', () => {
    const s = {
      preset: 'Lara',
      primary: 'emerald',
      surface: 'zinc',
      darkTheme: true,
      menuMode: 'slim-plus',
      menuTheme: 'transparent',
      scale: 16,
      ripple: false,
      inputStyle: 'filled',
    } as const;
    expect(parseSettings(serializeSettings(s))).toEqual(s);
    expect(parseSettings(encodeURIComponent(serializeSettings(s)))).toEqual(s);
    expect(
      parseSettings('{"preset":"Nora","primary":"red","surface":"teal","darkTheme":"yes","menuMode":"x","menuTheme":1,"scale":40,"ripple":"no","inputStyle":"dotted"}'),
    ).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{"scale":13.5}').scale).toBe(14);
    expect(parseSettings('{"primary":"rose"}')).toEqual({ ...DEFAULT_SETTINGS, primary: 'rose' });
    expect(parseSettings('not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('null')).toEqual(DEFAULT_SETTINGS);
  });
  it('maps a choice to palette variables; no surface = slate in light, zinc in dark', () => {
    const light = paletteVariables({ primary: 'emerald', surface: null, darkTheme: false });
    expect(light['--p-primary-500']).toBe('#10b981');
    expect(light['--p-primary-400']).toBe('#34d399');
    expect(light['--p-surface-50']).toBe('#f8fafc');
    expect(paletteVariables({ primary: 'emerald', surface: null, darkTheme: true })['--p-surface-800']).toBe('#27272a');
    expect(paletteVariables({ primary: 'blue', surface: 'stone', darkTheme: true })['--p-surface-800']).toBe('#292524');
    expect(Object.keys(light)).toHaveLength(23);
  });
  it('noir points the primary ramp at the surface ramp', () => {
    const v = paletteVariables({ primary: 'noir', surface: 'zinc', darkTheme: false });
    expect(v['--p-primary-950']).toBe('var(--p-surface-950)');
    expect(v['--p-primary-50']).toBe('var(--p-surface-50)');
  });
  it('puts the scheme, preset and primary on <html>', () => {
    expect(htmlClasses({ preset: 'Aura', primary: 'blue', darkTheme: false })).toBe('preset-aura primary-blue');
    expect(htmlClasses({ preset: 'Lara', primary: 'noir', darkTheme: true })).toBe('app-dark preset-lara primary-noir');
    expect(htmlClasses({ ...DEFAULT_SETTINGS })).toBe('preset-aura primary-blue');
    expect(htmlClasses({ ...DEFAULT_SETTINGS, inputStyle: 'filled', ripple: false })).toBe('preset-aura primary-blue p-input-filled p-ripple-disabled');
  });
  it('scale is the root font size', () => {
    expect(rootFontSize({ scale: 12 })).toBe('12px');
    expect(rootFontSize(DEFAULT_SETTINGS)).toBe('14px');
  });
});
