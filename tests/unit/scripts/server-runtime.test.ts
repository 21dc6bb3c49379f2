// @vitest-environment node
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ENV, SERVER_NODE_ARGS } from '@/scripts/lib/server-runtime.mjs';

/** The container starts the server as `npm start` and the benches do: the same Node flags, the same environment. */
describe("the server's start-up flags and environment", () => {
  const dockerfile = fs.readFileSync('Dockerfile', 'utf8').replace(/\\\n/g, ' ');
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));

  it("are the Dockerfile's CMD and ENV", () => {
    expect(JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1]!)).toEqual(['node', ...SERVER_NODE_ARGS, 'server.mjs']);
    const env = Object.fromEntries([...runtime.matchAll(/^ENV (.*)$/gm)].flatMap((m) => [...m[1]!.matchAll(/(\w+)=(\S+)/g)].map((x) => [x[1], x[2]])));
    expect(env).toMatchObject(SERVER_ENV);
  });

  it('bound the new generation and the allocator arenas', () => {
    expect(SERVER_NODE_ARGS).toContain('--max-semi-space-size=4');
    expect(SERVER_ENV).toMatchObject({ MALLOC_ARENA_MAX: '2' });
  });
});
