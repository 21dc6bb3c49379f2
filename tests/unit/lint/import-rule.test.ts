// @vitest-environment node
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import rule (ESLint)', () => {
  it('lib/domain imports only itself and decimal.js', async () => {
    const ok = `import Decimal from 'decimal.js';\nimport { a } from './a';\nimport { b } from '@/lib/domain/format/date';\nexport const x = [Decimal, a, b];\n`;
    expect(await restricted('lib/domain/money/probe.ts', ok)).toEqual([]);
    for (const bad of ["'zod'", "'node:fs'", "'../server/env'", "'@/lib/server/env'", "'@/lib/client/api'", "'react'"]) {
      const messages = await restricted('lib/domain/money/probe.ts', `import x from ${bad};\nexport const y = x;\n`);
      expect(messages, bad).toHaveLength(1);
    }
  }, 30_000);

  it('lib/server is not imported from components, lib/client or lib/schemas', async () => {
    const code = `import { log } from '@/lib/server/log';\nexport const y = log;\n`;
    for (const file of ['components/home/Probe.tsx', 'lib/client/probe.ts', 'lib/schemas/probe.ts']) {
      expect(await restricted(file, code), file).toHaveLength(1);
    }
    expect(await restricted('app/api/probe/route.ts', code)).toEqual([]);
  }, 30_000);
});
