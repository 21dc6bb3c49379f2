'use client';

import Cookies from 'js-cookie';
import { PrimeReactContext } from 'primereact/api';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  SETTINGS_COOKIE,
  SETTINGS_COOKIE_MAX_AGE,
  SETTINGS_STORAGE_KEY,
  htmlClasses,
  paletteVariables,
  parseSettings,
  rootFontSize,
  serializeSettings,
  type UiSettings,
} from '@/lib/domain/theme/settings';

interface ThemeContextValue {
  settings: UiSettings;
  /** Applies a change at once (classes and variables on `<html>`) and persists it. */
  update: (patch: Partial<UiSettings>) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function useTheme(): ThemeContextValue {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme outside ThemeProvider');
  return ctx;
}

type ViewTransitionDocument = Document & { startViewTransition?: (cb: () => void) => unknown };

/** Writes the classes and palette variables of `s` onto `<html>` (the server renders the same). */
function applyToDocument(s: UiSettings, prev: UiSettings | null) {
  const html = document.documentElement;
  const paint = () => {
    const ours = (c: string) => c === 'app-dark' || c === 'p-input-filled' || c === 'p-ripple-disabled' || c.startsWith('preset-') || c.startsWith('primary-');
    const keep = [...html.classList].filter((c) => !ours(c));
    html.className = [...keep, htmlClasses(s)].join(' ');
    for (const [k, v] of Object.entries(paletteVariables(s))) html.style.setProperty(k, v);
    html.style.fontSize = rootFontSize(s);
  };
  const doc = document as ViewTransitionDocument;
  const schemeChanged = prev !== null && prev.darkTheme !== s.darkTheme;
  if (schemeChanged && typeof doc.startViewTransition === 'function') doc.startViewTransition(paint);
  else paint();
}

function persist(s: UiSettings) {
  const value = serializeSettings(s);
  try {
    localStorage.setItem(SETTINGS_STORAGE_KEY, value);
  } catch {
    // Private mode or storage full: the cookie still carries the choice.
  }
  Cookies.set(SETTINGS_COOKIE, value, {
    path: '/',
    expires: SETTINGS_COOKIE_MAX_AGE / 86400,
    sameSite: 'Lax',
    secure: location.protocol === 'https:',
  });
}

/**
 * Holds the settings panel's choices. The server rendered `<html>` from the cookie; this provider keeps
 * `<html>`, localStorage and the cookie in step with every change.
 */
export function ThemeProvider({ initial, children }: { initial: UiSettings; children: ReactNode }) {
  const [settings, setSettings] = useState(initial);
  const current = useRef(initial);
  const prime = useContext(PrimeReactContext);

  // PrimeReact's own switches: the ink effect and filled fields (components add p-variant-filled).
  const { setRipple, setInputStyle } = prime ?? {};
  useEffect(() => {
    setRipple?.(settings.ripple);
    setInputStyle?.(settings.inputStyle);
  }, [settings.ripple, settings.inputStyle, setRipple, setInputStyle]);

  const update = useCallback((patch: Partial<UiSettings>) => {
    const prev = current.current;
    const next = { ...prev, ...patch };
    current.current = next;
    applyToDocument(next, prev);
    persist(next);
    setSettings(next);
  }, []);

  // A browser that lost the cookie but kept localStorage gets its choice back (and the cookie).
  useEffect(() => {
    let stored: string | null = null;
    try {
      stored = localStorage.getItem(SETTINGS_STORAGE_KEY);
    } catch {
      stored = null;
    }
    const hasCookie = Cookies.get(SETTINGS_COOKIE) !== undefined;
    if (!hasCookie && stored) update(parseSettings(stored));
    else if (!stored) persist(current.current);
  }, [update]);

  const value = useMemo(() => ({ settings, update }), [settings, update]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
