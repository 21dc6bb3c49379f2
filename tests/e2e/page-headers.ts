import { expect, type BrowserContext, type Response } from '@playwright/test';

/** The headers every answer of the server carries (pages, services, files). */
export const COMMON_HEADERS = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'strict-transport-security': expect.stringMatching(/^max-age=/),
  'permissions-policy': expect.stringContaining('camera=()'),
};

/**
 * A page's answer: the common headers, no framing, and a Content-Security-Policy whose nonce is on every script the
 * server wrote (the ones Next's runtime adds later run by 'strict-dynamic'), without 'unsafe-inline' for scripts.
 * Returns the problems, each naming the route.
 */
export async function pageHeaderProblems(route: string, res: Response): Promise<string[]> {
  const h = res.headers();
  const problems: string[] = [];
  for (const [name, want] of Object.entries({ ...COMMON_HEADERS, 'x-frame-options': 'DENY' })) {
    const got = h[name];
    const ok = typeof want === 'string' ? got === want : got !== undefined && (want as { asymmetricMatch(v: unknown): boolean }).asymmetricMatch(got);
    if (!ok) problems.push(`${route}: header ${name} is ${got ?? 'missing'}`);
  }
  const csp = h['content-security-policy'] ?? '';
  if (!csp.includes("frame-ancestors 'none'")) problems.push(`${route}: the policy lets other sites frame the page: ${csp}`);
  if (/script-src[^;]*'unsafe-inline'/.test(csp)) problems.push(`${route}: the policy allows inline scripts: ${csp}`);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  if (!nonce) return [...problems, `${route}: no nonce in script-src: ${csp}`];
  const scripts = (await res.text()).match(/<script\b[^>]*>/g) ?? [];
  if (scripts.length === 0) problems.push(`${route}: the server wrote no script`);
  for (const tag of scripts) if (!tag.includes(`nonce="${nonce}"`)) problems.push(`${route}: a script without the nonce: ${tag}`);
  return problems;
}

/** Collects every Content-Security-Policy violation Chromium reports in the context's pages (event and console). */
export async function watchPolicy(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeFunction('reportCsp', (v: string) => violations.push(v));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      void (window as unknown as { reportCsp: (v: string) => void }).reportCsp(`${location.pathname}: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`${m.page()?.url()}: ${m.text()}`);
  });
  return violations;
}
