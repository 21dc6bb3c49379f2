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
  const { cleanup, configure } = await import('@testing-library/react');
  // `waitFor` and `findBy*` wait for their condition; their deadline is only a guard against a hang, well under
  // the unit project's 15 s test timeout. Testing Library's default of 1 s is a statement about the machine's
  // speed: on a loaded machine a dynamic import in a click handler took longer, the test gave up, and its save,
  // still on its way, called the next test's mocks.
  configure({ asyncUtilTimeout: 10_000 });
  afterEach(() => cleanup());
}
