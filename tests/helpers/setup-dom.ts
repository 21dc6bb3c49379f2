import { AsyncLocalStorage } from 'node:async_hooks';
import { afterEach } from 'vitest';

// Next's server runtime puts AsyncLocalStorage on globalThis before any of its modules loads; without it Next
// creates a stand-in that throws when used, and keeps it in a process-wide slot — so a file of one project
// could leave it to a later file of another in the same worker. Every test process gets the real one.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;

// DOM matchers and the Testing Library cleanup, for the files that run in jsdom; a file in the node environment
// (`// @vitest-environment node`) does not load them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
