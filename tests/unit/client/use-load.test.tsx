import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/client/api-error';
import { useLoad, type LoadOptions } from '@/lib/client/use-load';

/** A promise the test settles by hand, with the signal its load was given. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Call = { arg: string; signal: AbortSignal; d: ReturnType<typeof deferred<string>> };

function setup(initial: string, opts?: LoadOptions) {
  const calls: Call[] = [];
  const loader = vi.fn((arg: string, signal: AbortSignal) => {
    const d = deferred<string>();
    calls.push({ arg, signal, d });
    return d.promise;
  });
  type Props = { arg: string; o?: LoadOptions };
  const initialProps: Props = { arg: initial, o: opts };
  const hook = renderHook(({ arg, o }: Props) => useLoad((signal) => loader(arg, signal), [arg], o), { initialProps });
  return { calls, loader, hook };
}

describe('useLoad', () => {
  it('loads on mount: loading, then data', async () => {
    const { calls, hook } = setup('a');
    expect(hook.result.current).toMatchObject({ loading: true, data: undefined, error: null });
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.d.resolve('A'));
    expect(hook.result.current).toMatchObject({ loading: false, data: 'A', error: null });
  });

  it('of two quick loads only the later is shown, and the earlier is aborted', async () => {
    const { calls, hook } = setup('a');
    hook.rerender({ arg: 'b' });
    expect(calls.map((c) => c.arg)).toEqual(['a', 'b']);
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(calls[1]!.signal.aborted).toBe(false);
    // The later answer first, then the earlier one arrives late: it must not overwrite.
    await act(async () => calls[1]!.d.resolve('B'));
    await act(async () => calls[0]!.d.resolve('A'));
    expect(hook.result.current).toMatchObject({ loading: false, data: 'B' });
    // A late failure of the dropped load is dropped too.
    hook.rerender({ arg: 'c' });
    await act(async () => calls[2]!.d.resolve('C'));
    await act(async () => calls[1]!.d.reject(new ApiError('INTERNAL', 'поздно', { status: 500 })));
    expect(hook.result.current).toMatchObject({ data: 'C', error: null });
  });

  it('a new deps value hides the old data until its own answer; keep shows it meanwhile', async () => {
    const plain = setup('a');
    await act(async () => plain.calls[0]!.d.resolve('A'));
    plain.hook.rerender({ arg: 'b' });
    expect(plain.hook.result.current).toMatchObject({ loading: true, data: undefined });

    const kept = setup('a', { keep: true });
    await act(async () => kept.calls[0]!.d.resolve('A'));
    kept.hook.rerender({ arg: 'b', o: { keep: true } });
    expect(kept.hook.result.current).toMatchObject({ loading: true, data: 'A' });
    // With keep, a failure for the new deps keeps the last data beside the error; without, there is none.
    await act(async () => kept.calls[1]!.d.reject(new ApiError('BAD', 'Источник не подходит.', { status: 422 })));
    expect(kept.hook.result.current).toMatchObject({ loading: false, data: 'A', error: 'Источник не подходит.' });
    await act(async () => plain.calls[1]!.d.reject(new ApiError('BAD', 'Нет.', { status: 422 })));
    expect(plain.hook.result.current).toMatchObject({ loading: false, data: undefined, error: 'Нет.' });
  });

  it('aborts on unmount and sets nothing afterwards', async () => {
    const { calls, hook } = setup('a');
    const seen = hook.result.current;
    hook.unmount();
    expect(calls[0]!.signal.aborted).toBe(true);
    await act(async () => calls[0]!.d.resolve('A'));
    expect(hook.result.current).toBe(seen);
  });

  it('a failure gives the Russian message and the error itself; reload keeps the data and clears the error on success', async () => {
    const { calls, hook } = setup('a');
    await act(async () => calls[0]!.d.resolve('A'));
    act(() => hook.result.current.reload());
    expect(calls).toHaveLength(2);
    expect(hook.result.current).toMatchObject({ loading: true, data: 'A' });
    const err = new ApiError('NOT_FOUND', 'Папка не найдена.', { status: 404 });
    await act(async () => calls[1]!.d.reject(err));
    expect(hook.result.current).toMatchObject({ loading: false, data: 'A', error: 'Папка не найдена.', failure: err });

    act(() => hook.result.current.reload());
    await act(async () => calls[2]!.d.resolve('A2'));
    expect(hook.result.current).toMatchObject({ data: 'A2', error: null, failure: undefined });
  });

  it('anything that is not an ApiError reads as the generic Russian message; wire English is translated', async () => {
    const { calls, hook } = setup('a');
    await act(async () => calls[0]!.d.reject(new TypeError('x is undefined')));
    expect(hook.result.current.error).toBe('Что-то пошло не так. Попробуйте ещё раз.');
    act(() => hook.result.current.reload());
    await act(async () => calls[1]!.d.reject(new ApiError('JWT_EXPIRED', 'jwt expired', { status: 401 })));
    expect(hook.result.current.error).toBe('Сеанс истёк. Войдите снова.');
  });

  it('disabled loads nothing and is not loading; enabling loads', async () => {
    const { calls, hook } = setup('a', { enabled: false });
    expect(calls).toHaveLength(0);
    expect(hook.result.current.loading).toBe(false);
    hook.rerender({ arg: 'a', o: { enabled: true } });
    expect(calls).toHaveLength(1);
    await act(async () => calls[0]!.d.resolve('A'));
    await waitFor(() => expect(hook.result.current.data).toBe('A'));
  });

  it('delayMs: loads once the inputs rest; a change within the wait starts it again and skips the passed-over value', async () => {
    vi.useFakeTimers();
    try {
      const { calls, hook } = setup('a', { delayMs: 300 });
      expect(hook.result.current.loading).toBe(true);
      act(() => vi.advanceTimersByTime(200));
      expect(calls).toHaveLength(0);
      hook.rerender({ arg: 'ab', o: { delayMs: 300 } });
      act(() => vi.advanceTimersByTime(200));
      expect(calls).toHaveLength(0);
      act(() => vi.advanceTimersByTime(100));
      expect(calls.map((c) => c.arg)).toEqual(['ab']);
      await act(async () => calls[0]!.d.resolve('AB'));
      expect(hook.result.current.data).toBe('AB');
      // Unmounted during the wait: nothing is sent.
      hook.rerender({ arg: 'abc', o: { delayMs: 300 } });
      hook.unmount();
      act(() => vi.advanceTimersByTime(1000));
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the latest loader without it being a dependency', async () => {
    const { calls, loader, hook } = setup('a');
    hook.rerender({ arg: 'a' });
    expect(loader).toHaveBeenCalledTimes(1);
    await act(async () => calls[0]!.d.resolve('A'));
  });
});
