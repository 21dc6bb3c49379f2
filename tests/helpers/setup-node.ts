import { AsyncLocalStorage } from 'node:async_hooks';

// Next's server runtime puts AsyncLocalStorage on globalThis before any of its modules loads; without it Next
// creates a stand-in that throws when used, and keeps it in a process-wide slot — so a file of one project
// could leave it to a later file of another in the same worker. Every test process gets the real one.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

// Integration tests: quiet server logs unless asked for.
process.env.LOG_LEVEL ??= 'silent';
