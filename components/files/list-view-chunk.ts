import { useSyncExternalStore } from 'react';

type ListView = (typeof import('./FileListView'))['FileListView'];

/** The list's table and tiles (`FileListView`): a chunk of its own, outside every page's first-load JavaScript. */
export const loadListView = () => import('./FileListView');

let view: ListView | null = null;
let failure: unknown = null;
let loading: Promise<void> | null = null;

function load(): Promise<void> {
  loading ??= loadListView().then(
    (m) => {
      view = m.FileListView;
    },
    (e: unknown) => {
      failure = e;
      loading = null;
    },
  );
  return loading;
}

/** Starts loading the table's code now (a failure reaches the list that renders it). */
export function preloadListView(): void {
  void load();
}

function subscribe(changed: () => void): () => void {
  let live = true;
  if (!view) {
    failure = null;
    void load().then(() => {
      if (live) changed();
    });
  }
  return () => {
    live = false;
  };
}

/**
 * The table's component once its code is here, else null (and on the server and while hydrating, so the
 * hydrated markup matches the server's). Not `next/dynamic`: a lazy component that suspends has its content
 * revealed by React up to 300 ms after its fallback showed, even when the code arrives at once; this is an
 * ordinary update. A failed load is thrown to the page's error boundary; mounting again tries again.
 */
export function useListView(): ListView | null {
  const current = useSyncExternalStore(subscribe, () => view, () => null);
  if (!current && failure) throw failure;
  return current;
}
