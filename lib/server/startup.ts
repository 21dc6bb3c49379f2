import 'server-only';
import { getAppContext } from './context';
import { EnvError, getEnv } from './env';
import { log } from './log';

/** Start-up of a server process (called from instrumentation.ts). Exits on a configuration error. */
export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(`\n${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
  try {
    const ctx = await getAppContext();
    const { registerMemoryHooks } = await import('./memory-hooks');
    registerMemoryHooks(ctx);
    // Instances of another release on the same database: said loudly, not refused (a rolling upgrade
    // legitimately runs two releases for a few minutes).
    const { instanceName, mismatchMessage, otherReleases } = await import('./instances');
    const others = await otherReleases(ctx.database).catch(() => []);
    if (others.length > 0) console.warn(`\n${mismatchMessage(instanceName(), others)}\n`);
    const { startUploadSweeper } = await import('./services/files/sweep-uploads');
    startUploadSweeper(ctx);
    // A price list apply lost with the last process (PGlite): its unseen rows go, the import is ready again.
    const { cleanLostApplies } = await import('./services/catalog/pending');
    await cleanLostApplies(ctx).catch((err) => log.error('catalog: rows of applies lost with the last process not removed', err));
    // The shipped courses into the database by version (a failure is logged; education calls retry it).
    const { ensureEducationContent } = await import('./services/education/content-sync');
    await ensureEducationContent(ctx).catch((err) => log.error('education content could not be loaded; will retry on the next education call', err));
  } catch (err) {
    // Keep serving: /api/health says the process lives, /api/ready says what is missing, calls retry.
    log.error('start-up could not open the database or storage; will retry on the next request', err);
  }
}
