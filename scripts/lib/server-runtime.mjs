// How the app's server process is started — by `npm start` (scripts/start.mjs), by the benches (bench/lib.mjs)
// and by the container image (the Dockerfile's CMD and ENV say the same; a test compares them): bounds on its
// memory that only the start of a process can set.

/**
 * Node flags before `server.mjs`. `--max-semi-space-size=4`: V8's new generation (two semi-spaces) grows to
 * at most 2 × 4 MiB per thread instead of 2 × 16 MiB — loading the build alone grew it to 32 MiB, which then
 * stayed resident though almost empty (the database's worker thread has one as well). The cost is more minor
 * collections, each shorter.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=4'];

/**
 * Environment of the server process. `MALLOC_ARENA_MAX=2`: glibc gives each thread that allocates under
 * contention an arena of its own (up to 8 per core) and keeps its pages; the server's threads (the database's
 * worker, libuv's pool, V8's helpers) share two.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2' };
