/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships wasm and data files; keep it out of the bundler.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', '@node-rs/argon2', 'nodemailer'],
  // Never trace the live data directory into build output.
  outputFileTracingExcludes: { '/*': ['./data/**/*', './.tmp/**/*'] },
  poweredByHeader: false,
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        ],
      },
    ];
  },
};
export default nextConfig;
