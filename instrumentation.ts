/**
 * Runs once when the server process starts: checks the configuration, opens the database and
 * applies migrations before the first request, so a wrong setting stops start-up with a clear list.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const live = process.env.NEXT_PHASE !== 'phase-production-build';
  // uploadChunk straight to the file service (lib/server/gateway/upload-fast-path.ts). Installed first, so the
  // peer-address hook below wraps it and stamps the request before it gets there.
  if (live) {
    const { installUploadFastPath } = await import('./lib/server/gateway/upload-fast-path');
    installUploadFastPath();
  }
  // Stamp every request with its socket address (lib/server/client-ip.ts), before anything is served.
  const { installPeerAddressHook } = await import('./lib/server/client-ip');
  installPeerAddressHook();
  // `next build` may load this file too; never open the live database from a build.
  if (!live) return;
  const { startServer } = await import('./lib/server/startup');
  await startServer();
}
