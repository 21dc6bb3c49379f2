// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { CallAnswer, CallInput, CallName, CallOutput, ServiceName } from '@/lib/contract';
import { call, SERVICE_BASE } from '@/lib/client/call';
import { services } from '@/lib/server/gateway/services';
import { defineCall } from '@/lib/server/gateway/types';
import * as z from '@/lib/schemas/zod';

const root = path.resolve(import.meta.dirname, '../../..');

/*
 * The type half of this file is checked by `tsc` (npm run typecheck), not by vitest: each `@ts-expect-error`
 * fails the build when the line below it stops being an error.
 */

describe('the typed contract', () => {
  it('a renamed answer field breaks the client that reads it', () => {
    const before = defineCall({ input: z.object({ id: z.string() }), handle: () => ({ total: 3, updatedAt: new Date(0) }) });
    const after = defineCall({ input: z.object({ id: z.string() }), handle: () => ({ count: 3, updatedAt: new Date(0) }) });
    const readTotal = (a: CallAnswer<typeof before>) => a.total;
    expectTypeOf<CallAnswer<typeof before>>().toEqualTypeOf<{ total: number; updatedAt: string } & { ok: true; msg: string }>();
    // @ts-expect-error — the server renamed `total` to `count`: the page reading `total` no longer builds.
    readTotal({ ok: true, msg: '', count: 3, updatedAt: '' } satisfies CallAnswer<typeof after>);
    expect(readTotal({ ok: true, msg: '', total: 3, updatedAt: '' })).toBe(3);
    expect([before, after].every((d) => typeof d.handle === 'function')).toBe(true);
  });

  it('call() takes its types from the server tables', () => {
    expectTypeOf<ServiceName>().toEqualTypeOf<'auth' | 'files' | 'noty' | 'product'>();
    type Defaults = CallOutput<'product', 'cost/defaults/get'>;
    expectTypeOf<Defaults['source']>().toEqualTypeOf<{ kind: 'company'; id: string; name: string; withUser: boolean } | { kind: 'user' } | { kind: 'none' }>();
    expectTypeOf<CallInput<'product', 'cost/defaults/get'>>().toEqualTypeOf<{ companyId?: string | undefined }>();
    // Dates arrive as strings.
    expectTypeOf<CallOutput<'product', 'companies/list'>['companies'][number]['updatedAt']>().toEqualTypeOf<string>();
    expectTypeOf<CallOutput<'auth', 'login'>['accessToken']>().toEqualTypeOf<string>();
    // Downloads answer a Response, not JSON: they are not calls of `call()`.
    expectTypeOf<'companies/export'>().not.toExtend<CallName<'product'>>();
    expectTypeOf<'file/:id'>().not.toExtend<CallName<'files'>>();
    // A raw multipart body is not JSON either.
    expectTypeOf<'uploadChunk'>().not.toExtend<CallName<'files'>>();
    expectTypeOf<'createUpload'>().toExtend<CallName<'files'>>();
    const typeOnly = () => {
      // @ts-expect-error — a field the answer does not have.
      void call('product', 'cost/defaults/get').then((r) => r.defaults);
      // @ts-expect-error — a wrong input type.
      void call('product', 'cost/defaults/get', { companyId: 5 });
      // @ts-expect-error — no such call.
      void call('product', 'cost/defaults/fetch');
      // @ts-expect-error — an input is required here.
      void call('product', 'companies/get');
    };
    expect(typeof typeOnly).toBe('function');
  });

  it('the browser mounts each service where the gateway does', () => {
    const bases = Object.fromEntries(Object.keys(SERVICE_BASE).map((s) => [s, services[s as keyof typeof services].base]));
    expect(SERVICE_BASE).toEqual(bases);
  });

  it('only types cross from lib/server into lib/contract.ts and from there into the browser', () => {
    const contract = readFileSync(path.join(root, 'lib/contract.ts'), 'utf8');
    const imports = [...contract.matchAll(/^import\s+(type\s+)?[^;]*from\s+'([^']+)'/gm)];
    expect(imports.length).toBeGreaterThan(0);
    for (const m of imports) expect(m[1], m[0]).toBe('type ');
    expect(contract).not.toMatch(/^export\s+(?!type\b|interface\b)/m);
    const client = readFileSync(path.join(root, 'lib/client/call.ts'), 'utf8');
    expect(client).toMatch(/^import type \{[^}]*\} from '@\/lib\/contract';$/m);
    expect(client).not.toMatch(/from '@\/lib\/server/);
  });
});
