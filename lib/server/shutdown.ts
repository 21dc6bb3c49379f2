import 'server-only';

/**
 * Work to do when the process is asked to stop. The project's server (server.mjs) calls the function kept under
 * `Symbol.for('kalkulus.shutdown')` twice: with `'drain'` as soon as it stops taking connections (close what
 * would otherwise hold a connection open forever: the notification streams), and with `'close'` after the
 * last request is answered (finish queued writes, then close the database). Kept on globalThis, so every
 * bundle of the app shares one list.
 */
const KEY = Symbol.for('kalkulus.shutdown');
const HOOKS = Symbol.for('kalkulus.shutdownHooks');

/**
 * When a hook runs: `drain` at the stop signal; `flush` after the last request (work that still writes to the
 * database); `close` last (the database itself).
 */
export type ShutdownPhase = 'drain' | 'flush' | 'close';
type Hooks = Record<ShutdownPhase, Map<string, () => Promise<void>>>;
type Holder = { [KEY]?: (stage: 'drain' | 'close') => Promise<void>; [HOOKS]?: Hooks };
const holder = globalThis as Holder;

const runPhase = async (hooks: Hooks, phase: ShutdownPhase) => {
  await Promise.allSettled([...hooks[phase].values()].map((h) => h()));
};

/** Runs `fn` at shutdown in `phase` (default `flush`); a second registration under the same name replaces the first. */
export function onShutdown(name: string, fn: () => Promise<void>, phase: ShutdownPhase = 'flush'): void {
  const hooks = (holder[HOOKS] ??= { drain: new Map(), flush: new Map(), close: new Map() });
  hooks[phase].set(name, fn);
  holder[KEY] ??= async (stage = 'close') => {
    const all = holder[HOOKS]!;
    if (stage === 'drain') return runPhase(all, 'drain');
    await runPhase(all, 'flush');
    await runPhase(all, 'close');
  };
}
