import 'server-only';

/**
 * Work to finish before the process exits: the project's server (server.mjs) calls the function kept under
 * `Symbol.for('kalkulus.shutdown')` after the last request is answered and before it closes the app. Kept on
 * globalThis, so every bundle of the app shares one list.
 */
const KEY = Symbol.for('kalkulus.shutdown');
const HOOKS = Symbol.for('kalkulus.shutdownHooks');
type Holder = { [KEY]?: () => Promise<void>; [HOOKS]?: Map<string, () => Promise<void>> };
const holder = globalThis as Holder;

/** Runs `fn` at shutdown; a second registration under the same name replaces the first. */
export function onShutdown(name: string, fn: () => Promise<void>): void {
  const hooks = (holder[HOOKS] ??= new Map());
  hooks.set(name, fn);
  holder[KEY] ??= async () => {
    await Promise.allSettled([...(holder[HOOKS]?.values() ?? [])].map((h) => h()));
  };
}
