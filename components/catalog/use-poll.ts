'use client';

import { useEffect, useEffectEvent, useState } from 'react';
import { userMessage } from '@/lib/client/messages';

/**
 * Asks `loader` every `intervalMs` while `key` is set and `done(answer)` is false (a background job's
 * progress); stops on a failure, on `done`, on a new key and on unmount (the request in flight is aborted).
 * The last answer stays while a new key is asked (`dataKey` says which key it answered).
 */
export function usePoll<T>(key: string | null, loader: (key: string, signal: AbortSignal) => Promise<T>, done: (answer: T) => boolean, intervalMs = 400) {
  const [state, setState] = useState<{ key: string | null; data?: T; dataKey: string | null; error: string | null }>({ key: null, dataKey: null, error: null });
  const ask = useEffectEvent((k: string, signal: AbortSignal) => loader(k, signal));
  const finished = useEffectEvent((answer: T) => done(answer));
  useEffect(() => {
    if (!key) return;
    const ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      ask(key, ctl.signal).then(
        (data) => {
          if (ctl.signal.aborted) return;
          setState({ key, data, dataKey: key, error: null });
          if (!finished(data)) timer = setTimeout(tick, intervalMs);
        },
        (e: unknown) => {
          if (!ctl.signal.aborted) setState((s) => ({ ...s, key, error: userMessage(e) }));
        },
      );
    };
    tick();
    return () => {
      ctl.abort();
      clearTimeout(timer);
    };
  }, [key, intervalMs]);
  return { data: state.data, dataKey: state.dataKey, error: state.key === key ? state.error : null };
}
