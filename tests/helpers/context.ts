import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '@/lib/server/context';
import { parseEnv } from '@/lib/server/env';
import { createDiskStore } from '@/lib/server/storage/disk';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestContext extends AppContext {
  database: TestDatabase;
  destroy(): Promise<void>;
}

/** A whole app context for one test file: fresh database, blobs in a temp folder, env from `vars`. */
export async function createTestContext(vars: Record<string, string> = {}): Promise<TestContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kalkulus-test-'));
  const env = parseEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent', ...vars });
  const database = await createTestDatabase();
  const blobs = createDiskStore(path.join(dir, 'blobs'));
  return {
    env,
    db: database.db,
    database,
    blobs,
    destroy: async () => {
      await database.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
