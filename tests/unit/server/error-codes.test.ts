// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS } from '@/lib/server/errors';
import { errorResponse } from '@/lib/server/http';
import { ServiceError } from '@/lib/server/errors';

const root = path.resolve(import.meta.dirname, '../../..');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** Every code literal in the first argument of `new ServiceError(` / `new CostError(` (ternaries included). */
function thrownCodes(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const files = [...sources(path.join(root, 'lib')), ...sources(path.join(root, 'app')), path.join(root, 'proxy.ts')];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new\s+(?:ServiceError|CostError)\(\s*([^,]+),/g)) {
      for (const lit of m[1]!.matchAll(/'([A-Z][A-Z0-9_]*)'/g)) {
        const where = `${path.relative(root, file)}:${text.slice(0, m.index).split('\n').length}`;
        found.set(lit[1]!, [...(found.get(lit[1]!) ?? []), where]);
      }
    }
  }
  return found;
}

describe('error codes', () => {
  it('every code thrown in the source is in the code → status table', () => {
    const found = thrownCodes();
    // The walk itself works: the common codes are found.
    for (const c of ['VALIDATION_ERROR', 'NOT_FOUND', 'INVALID_LINK', 'INVALID_CODE', 'CAPTCHA_FAILED', 'SPEC_CYCLE']) expect(found.has(c), c).toBe(true);
    const missing = [...found].filter(([code]) => !Object.hasOwn(ERROR_STATUS, code)).map(([code, at]) => `${code} (${at.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('links, codes and the captcha have their own statuses (no fallback to 400)', () => {
    expect(ERROR_STATUS.INVALID_LINK).toBe(410);
    expect(ERROR_STATUS.INVALID_CODE).toBe(422);
    expect(ERROR_STATUS.CAPTCHA_FAILED).toBe(403);
  });

  it('a log message stays on the server; the answer carries only the Russian one', async () => {
    const res = errorResponse(new ServiceError('CONFLICT', 'Документ изменён.', { log: 'row 42 version 7 != 6' }), 'test');
    expect(res.status).toBe(409);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ ok: false, msg: 'Документ изменён.', code: 'CONFLICT' });
    expect(text).not.toContain('row 42');
  });
});
