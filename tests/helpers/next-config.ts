import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NextConfig } from 'next';

/** next.config.mjs as a running server sees it (the file exports Next's config function: phase → config). */
export async function loadNextConfig(): Promise<NextConfig> {
  const file = pathToFileURL(path.resolve('next.config.mjs')).href;
  const exported = ((await import(file)) as { default: NextConfig | ((phase: string) => NextConfig) }).default;
  return typeof exported === 'function' ? exported('phase-production-server') : exported;
}
