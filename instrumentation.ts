/**
 * Runs once when the server process starts: checks the configuration, opens the database and
 * applies migrations before the first request, so a wrong setting stops start-up with a clear list.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // `next build` may load this file too; never open the live database from a build.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  // The handlers that the project's server (server.mjs) routes to before Next: uploadChunk, the services' JSON calls,
  // the zip download.
  const { registerUploadFastPath } = await import('./lib/server/gateway/upload-fast-path');
  registerUploadFastPath();
  // Not under `next dev`: instrumentation runs once per process, so a handler kept here would serve the code
  // of the first compile after an edit; the route handlers serve these calls there with the fresh code.
  if (process.env.NODE_ENV !== 'development') {
    const { registerCallFastPath } = await import('./lib/server/gateway/call-fast-path');
    registerCallFastPath();
    const { registerZipFastPath } = await import('./lib/server/gateway/zip-fast-path');
    registerZipFastPath();
  }
  const { startServer } = await import('./lib/server/startup');
  await startServer();
}
