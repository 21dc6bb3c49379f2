import 'server-only';
import type { AppContext } from './context';

/** The keys server.mjs reads (`MEMORY_REPORT`, `IDLE_COLLECT`). */
const REPORT = Symbol.for('kalkulus.memoryReport');
const COLLECT = Symbol.for('kalkulus.idleCollect');
type Hooks = { [REPORT]?: () => Promise<Record<string, number> | null>; [COLLECT]?: () => Promise<void> };

const toMiB = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

/**
 * Gives server.mjs the memory that lives beside its main thread, the embedded database's worker: its V8 heap
 * is collected when the server collects its own once idle, and its heap (committed, used) and WebAssembly
 * memory (reserved: it only grows), MiB, go into the `MEMORY_LOG` lines. PostgreSQL adds nothing.
 */
export function registerMemoryHooks(ctx: AppContext): void {
  const hooks = globalThis as Hooks;
  hooks[COLLECT] = () => ctx.database.collect();
  hooks[REPORT] = async () => {
    const m = await ctx.database.memory();
    return m && { dbHeap: toMiB(m.heap), dbHeapUsed: toMiB(m.heapUsed), dbWasm: toMiB(m.wasm) };
  };
}
