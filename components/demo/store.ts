'use client';

import { useCallback, useMemo, useSyncExternalStore } from 'react';

/**
 * The demo pages' data: a sample from the repository, changes kept in the browser (localStorage), one entry
 * per demo app. `useDemoStore('mail', sample)` gives the current state, a setter and `reset()`.
 *
 * - Server render and hydration show the sample (no hydration mismatch); right after hydration the saved
 *   state, if any, replaces it.
 * - Saved data that does not parse or does not look like the sample (another shape) is ignored: the sample is
 *   shown with a Russian message; the next change or «Сбросить данные» overwrites it.
 * - A write the browser refuses (quota exceeded, storage disabled) keeps the change in memory for this visit
 *   and says so in Russian.
 * - Every component using the same key sees the same state (one entry per key in this module), and another
 *   tab's change arrives through the `storage` event.
 */

/** The localStorage key of a demo app's data. */
export const demoStorageKey = (key: string) => `kalkulus.demo.${key}`;

export const DEMO_MESSAGES = {
  corrupted: 'Сохранённые данные демо-страницы повреждены — показаны исходные данные. Следующее изменение их перезапишет.',
  unavailable: 'Хранилище браузера недоступно: изменения видны до перезагрузки страницы и не сохранятся.',
  quota:
    'В хранилище браузера не хватает места: последнее изменение не сохранено и пропадёт после перезагрузки. ' +
    'Удалите крупные файлы или нажмите «Сбросить данные».',
  writeFailed: 'Браузер не дал сохранить изменение: оно пропадёт после перезагрузки страницы.',
} as const;

export interface DemoStore<T> {
  state: T;
  /** Replaces the state (a value or an updater of the previous one) and saves it. */
  set: (next: T | ((prev: T) => T)) => void;
  /** Forgets the saved changes: the sample again. */
  reset: () => void;
  /** Russian text when the saved data could not be read or the last change could not be saved; else null. */
  error: string | null;
}

interface Entry {
  value: unknown;
  error: string | null;
}

const entries = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();

function notify(key: string) {
  listeners.get(key)?.forEach((fn) => fn());
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Whether saved data still looks like the sample: the same kind (array, object, string, number, boolean) and,
 * for an object, every key of the sample present with a value of the same kind. Shallow on purpose: it catches
 * a hand-edited or older entry, not every field.
 */
export function sameShape(sample: unknown, value: unknown): boolean {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (kind(sample) !== kind(value)) return false;
  if (kind(sample) !== 'object') return true;
  const s = sample as Record<string, unknown>;
  const v = value as Record<string, unknown>;
  return Object.keys(s).every((k) => k in v && (s[k] === null || kind(s[k]) === kind(v[k])));
}

function read(key: string, sample: unknown, isValid: (v: unknown) => boolean): Entry {
  const ls = storage();
  let raw: string | null;
  try {
    if (!ls) throw new Error('no localStorage');
    raw = ls.getItem(demoStorageKey(key));
  } catch {
    return { value: sample, error: DEMO_MESSAGES.unavailable };
  }
  if (raw === null) return { value: sample, error: null };
  try {
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return { value, error: null };
  } catch {
    /* not JSON: corrupted */
  }
  return { value: sample, error: DEMO_MESSAGES.corrupted };
}

function isQuotaError(e: unknown): boolean {
  if (!(e instanceof DOMException)) return false;
  return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014;
}

function write(key: string, value: unknown): string | null {
  const ls = storage();
  if (!ls) return DEMO_MESSAGES.unavailable;
  try {
    ls.setItem(demoStorageKey(key), JSON.stringify(value));
    return null;
  } catch (e) {
    return isQuotaError(e) ? DEMO_MESSAGES.quota : DEMO_MESSAGES.writeFailed;
  }
}

/** Set on `<html>` once a demo store is live in the browser (hydrated, saved state applied): e2e tests wait for it. */
export const DEMO_READY_ATTR = 'data-demo-ready';

function subscribe(key: string, fn: () => void): () => void {
  document.documentElement.setAttribute(DEMO_READY_ATTR, '');
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key !== null && e.key !== demoStorageKey(key)) return;
    entries.delete(key);
    fn();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(fn);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The demo app's data under `key`, starting from `sample` (a JSON module: keep it the same object between
 * renders). `isValid` checks saved data (default: the same shape as the sample, see `sameShape`).
 */
export function useDemoStore<T>(key: string, sample: T, isValid?: (v: unknown) => v is T): DemoStore<T> {
  const check = useCallback((v: unknown) => (isValid ? isValid(v) : sameShape(sample, v)), [isValid, sample]);
  const serverEntry = useMemo<Entry>(() => ({ value: sample, error: null }), [sample]);
  const entry = useSyncExternalStore(
    useCallback((fn: () => void) => subscribe(key, fn), [key]),
    () => {
      let e = entries.get(key);
      if (!e) entries.set(key, (e = read(key, sample, check)));
      return e;
    },
    () => serverEntry,
  );

  const set = useCallback(
    (next: T | ((prev: T) => T)) => {
      const prev = (entries.get(key) ?? read(key, sample, check)).value as T;
      const value = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
      entries.set(key, { value, error: write(key, value) });
      notify(key);
    },
    [key, sample, check],
  );

  const reset = useCallback(() => {
    let error: string | null = null;
    try {
      const ls = storage();
      if (!ls) error = DEMO_MESSAGES.unavailable;
      else ls.removeItem(demoStorageKey(key));
    } catch {
      error = DEMO_MESSAGES.unavailable;
    }
    entries.set(key, { value: sample, error });
    notify(key);
  }, [key, sample]);

  return { state: entry.value as T, set, reset, error: entry.error };
}

/** For tests: forget what this module holds in memory (localStorage stays). */
export function forgetDemoStores() {
  entries.clear();
}

/** A new id for something created in a demo (unique enough for one browser's sample data). */
export function newDemoId(prefix = 'd'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}
