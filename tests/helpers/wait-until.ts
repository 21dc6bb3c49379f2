import { TestRunner } from 'vitest';

// The real timer and clock even in a file that fakes them later (vi.useFakeTimers replaces the globals).
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now.bind(Date);

/** What a condition gives once it holds. */
type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Waits until `condition` holds — returns a truthy value (which is returned) or a promise of one — checking it
 * again every `intervalMs`. A condition that throws has not held yet; its last error is reported.
 *
 * No wall-clock budget of its own that a slow machine could outrun: the wait ends only as a guard against a
 * hang, shortly before the running test's own timeout, so that the failure says what was awaited instead of
 * «Test timed out». A hook's timeout is not known here: in a hook it gives up after `hookGuardMs` when given
 * (set it below the hook's timeout), else the hook's timeout ends the wait.
 * For a condition the code announces (an event, a promise), wait on that instead.
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  { what, intervalMs = 10, hookGuardMs }: { what: string; intervalMs?: number; hookGuardMs?: number },
): Promise<Truthy<T>> {
  const started = realNow();
  const deadline = started + guardLeftMs(hookGuardMs);
  let last: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as Truthy<T>;
      last = undefined;
    } catch (err) {
      last = err;
    }
    if (realNow() > deadline) {
      const why = last instanceof Error ? `: ${last.message}` : last === undefined ? '' : `: ${String(last)}`;
      throw new Error(`still waiting for ${what} after ${Math.round((realNow() - started) / 1000)} s${why}`, { cause: last });
    }
    await new Promise((r) => realSetTimeout(r, intervalMs));
  }
}

/**
 * How long a wait begun now may last as a guard against a hang: until shortly before the running test's own
 * timeout (a second before it, a tenth of a short one); in a hook, `hookGuardMs` (unbounded when not given).
 */
export function guardLeftMs(hookGuardMs = Infinity): number {
  const test = TestRunner.getCurrentTest();
  if (!test) return hookGuardMs;
  if (!test.timeout) return Infinity;
  const started = test.result?.startTime ?? realNow();
  return Math.max(0, started + test.timeout - Math.min(1000, test.timeout / 10) - realNow());
}
