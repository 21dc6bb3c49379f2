import { afterEach } from 'vitest';

// DOM matchers and the Testing Library cleanup, for the files that run in jsdom; a file in the node environment
// (`// @vitest-environment node`) does not load them.
if (typeof document !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => cleanup());
}
