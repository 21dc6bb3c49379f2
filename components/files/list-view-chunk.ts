import { useState, useSyncExternalStore } from 'react';

type ListView = (typeof import('./FileListView'))['FileListView'];

/** The list's table and tiles (`FileListView`): a chunk of its own, outside every page's first-load JavaScript. */
export const loadListView = () => import('./FileListView');

interface State {
  view: ListView | null;
  failure: unknown;
  /** When the last load failed (ms since the page opened). */
  failedAt: number;
}

const SERVER: State = { view: null, failure: null, failedAt: 0 };
let state: State = SERVER;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: State): void {
  state = next;
  for (const changed of listeners) changed();
}

function load(): Promise<void> {
  loading ??= loadListView().then(
    (m) => set({ view: m.FileListView, failure: null, failedAt: 0 }),
    (e: unknown) => {
      loading = null;
      set({ view: null, failure: e, failedAt: performance.now() });
    },
  );
  return loading;
}

/**
 * Starts loading the table's code now (a failure reaches the list that renders it). Resolves once the load is
 * over and its outcome is what a list rendered next sees; it never rejects.
 */
export function preloadListView(): Promise<void> {
  return load();
}

function subscribe(changed: () => void): () => void {
  listeners.add(changed);
  // A list that mounts without the code loads it — again, after an earlier failure.
  if (!state.view) void load();
  return () => {
    listeners.delete(changed);
  };
}

/**
 * The table's component once its code is here, else null (and on the server and while hydrating, so the
 * hydrated markup matches the server's). Not `next/dynamic`: a lazy component that suspends has its content
 * revealed by React up to 300 ms after its fallback showed, even when the code arrives at once; this is an
 * ordinary update. A load that fails while this list is shown is thrown to the page's error boundary; a list
 * shown after a failure (the boundary's «Повторить», another page) loads the code again.
 */
export function useListView(): ListView | null {
  const [since] = useState(() => performance.now());
  const current = useSyncExternalStore(subscribe, () => state, () => SERVER);
  if (!current.view && current.failure && current.failedAt >= since) throw current.failure;
  return current.view;
}
