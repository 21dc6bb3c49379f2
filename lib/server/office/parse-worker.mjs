// The parse worker's thread (parse.ts): reads users' DOCX templates and CSV files one at a time (parse-jobs.ts), so
// that a large or hostile file never holds the server's event loop.
import { serveJobs } from './worker-serve.mjs';

let loaded = null;
const jobs = loadJobs().then((m) => (loaded = m));

serveJobs(async (task, send) => (await jobs).runParseTask(task, send), {
  shown: (e) => loaded?.isShown(e) ?? false,
  transfer: (value) => loaded?.transferOf(value) ?? [],
});

/**
 * The jobs module: the build bundles it (TypeScript) into this worker's entry. The tests run the worker from the
 * source, where Node cannot load TypeScript itself: there it is loaded through tsx, which the build never reaches.
 */
async function loadJobs() {
  try {
    return await import('./parse-jobs.ts');
  } catch (e) {
    if (e?.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e;
    const { tsImport } = await import(/* turbopackIgnore: true */ /* webpackIgnore: true */ 'tsx/esm/api');
    return tsImport('./parse-jobs.ts', import.meta.url);
  }
}
