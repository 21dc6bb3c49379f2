import { execFileSync } from 'node:child_process';
import { PHASE_PRODUCTION_BUILD } from 'next/constants.js';
import { checkEducationContent } from './lib/education/content.mjs';

/** A service answer (JSON, a download) runs nothing, loads nothing and is never framed. */
const SERVICE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // A self-contained server tree in .next/standalone (the container image is assembled from it by
  // scripts/assemble-image.mjs); `npm start` keeps serving the same build from the repository.
  output: 'standalone',
  // Every instance of one release must carry the same build id (pages and Server Actions of one build):
  // APP_BUILD_ID when set (the image's build argument), else the git commit, else Next's random one.
  generateBuildId: () => buildId(),
  // PGlite ships wasm and data files; keep it out of the bundler.
  // yazl: loaded by Node itself, so the CRC-32 module it requires is the one services/files/zip-crc32.ts points at native code.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@node-rs/argon2', 'nodemailer', 'yazl'],
  // Never trace the live data directory into build output.
  outputFileTracingExcludes: { '/*': ['./data/**/*', './.tmp/**/*'] },
  poweredByHeader: false,
  // `npm test` checks types in its own step (tsc over the whole project, tests included) and sets this, so the
  // build does not check them a second time; `npm run build` alone still checks them.
  typescript: { ignoreBuildErrors: process.env.KALKULUS_BUILD_SKIP_TYPECHECK === '1' },
  // Security headers of every answer. Pages get their Content-Security-Policy (with a nonce) from proxy.ts;
  // the service answers get a policy that runs nothing and cannot be framed, except a file's own answer,
  // which sets its sandboxed policy itself and may be framed by our viewer (a route's header never
  // replaces one set here, so the file path is left out).
  async headers() {
    const always = [
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Strict-Transport-Security', value: 'max-age=31536000' },
      { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(), payment=(), usb=()' },
    ];
    return [
      { source: '/:path*', headers: always },
      { source: '/:path((?!file-manager-service/api/v1/file/).*)', headers: [{ key: 'X-Frame-Options', value: 'DENY' }] },
      { source: '/file-manager-service/api/v1/file/:id*', headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }] },
      ...['/auth-back/:path*', '/noty/:path*', '/api/:path*', '/file-manager-service/:path((?!api/v1/file/).*)', '/file-manager-service'].map(
        (source) => ({ source, headers: [{ key: 'Content-Security-Policy', value: SERVICE_CSP }] }),
      ),
    ];
  },
};

/** The build id: `APP_BUILD_ID` from the environment, else the current git commit, else null (Next picks one). */
function buildId() {
  const fromEnv = process.env.APP_BUILD_ID?.trim();
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || null;
  } catch {
    return null;
  }
}

/**
 * `next build` first checks the education content (content/education): a malformed file stops the build with
 * its file and line, never a blank page at run time.
 */
export default function config(phase) {
  if (phase === PHASE_PRODUCTION_BUILD) checkEducationContent();
  return nextConfig;
}
