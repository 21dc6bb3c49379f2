'use client';

import { useCallback, useEffect, useEffectEvent, useState, type DependencyList } from 'react';
import { userMessage } from './messages';

export type Loaded<T> = {
  /** The last answer for the current `deps` (kept while a `reload` runs); undefined before the first one. */
  data: T | undefined;
  /** The Russian text of the last failure for the current `deps` (`userMessage`); null after a success. */
  error: string | null;
  /** The failure itself (an `ApiError` with `code` and `status`, or anything the loader threw). */
  failure: unknown;
  /** True from a change of `deps` or a `reload` until its answer or failure. */
  loading: boolean;
  /** Loads again with the same `deps`; the data already shown stays until the new answer. */
  reload: () => void;
};

export type LoadOptions = {
  /** False: nothing is loaded (and `loading` is false) until it turns true. */
  enabled?: boolean;
  /**
   * Keep the previous `deps`' data and error while the new ones load, and the last data after a failure (a list
   * that is re-sorted or paged, a form whose source failed).
   */
  keep?: boolean;
  /**
   * Wait this long (ms) after a change of `deps` or a `reload` before loading: a field being typed into asks
   * once it rests. A change within the wait starts it again; nothing is sent for the inputs passed over.
   */
  delayMs?: number;
};

type Request = { deps: DependencyList; enabled: boolean; generation: number; tick: number };
/** The last settled load: `generation` is the deps' generation it answered, `dataGeneration` that of the data kept. */
type Settled<T> = { request: Request | null; generation: number; data: T | undefined; dataGeneration: number; error: string | null; failure: unknown };

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/**
 * Loads data for a component: `loader(signal)` runs after render and again whenever `deps` change (compared
 * with `Object.is`, as React compares effect dependencies) or `reload()` is called. The previous load is
 * aborted through its signal on a change and on unmount, and an answer that arrives for a load no longer
 * current is dropped — of two quick loads only the later one is shown. The loader itself is not a
 * dependency: it always reads the latest props.
 */
export function useLoad<T>(loader: (signal: AbortSignal) => Promise<T>, deps: DependencyList, opts: LoadOptions = {}): Loaded<T> {
  const enabled = opts.enabled ?? true;
  const [request, setRequest] = useState<Request>(() => ({ deps, enabled, generation: 0, tick: 0 }));
  // A new request when the inputs change (React's «adjust state while rendering»: no extra effect pass).
  let current = request;
  if (!sameDeps(request.deps, deps) || request.enabled !== enabled) {
    current = { deps, enabled, generation: request.generation + 1, tick: request.tick };
    setRequest(current);
  }
  const [settled, setSettled] = useState<Settled<T>>({ request: null, generation: -1, data: undefined, dataGeneration: -1, error: null, failure: undefined });

  const run = useEffectEvent((signal: AbortSignal) => loader(signal));
  const delayMs = opts.delayMs ?? 0;
  useEffect(() => {
    if (!request.enabled) return;
    const ctl = new AbortController();
    const start = () =>
      run(ctl.signal).then(
        (data) => {
          if (!ctl.signal.aborted) setSettled({ request, generation: request.generation, data, dataGeneration: request.generation, error: null, failure: undefined });
        },
        (e: unknown) => {
          if (ctl.signal.aborted) return;
          setSettled((s) => ({ ...s, request, generation: request.generation, error: userMessage(e), failure: e }));
        },
      );
    const timer = delayMs > 0 ? setTimeout(start, delayMs) : undefined;
    if (timer === undefined) void start();
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
  }, [request, delayMs]);

  const reload = useCallback(() => setRequest((r) => ({ ...r, tick: r.tick + 1 })), []);
  const keep = opts.keep === true;
  const errorShown = keep || settled.generation === current.generation;
  return {
    data: keep || settled.dataGeneration === current.generation ? settled.data : undefined,
    error: errorShown ? settled.error : null,
    failure: errorShown ? settled.failure : undefined,
    loading: current.enabled && settled.request !== current,
    reload,
  };
}
