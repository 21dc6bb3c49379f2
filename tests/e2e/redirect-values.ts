/**
 * `next` values of the open-redirect checks: every one goes through the page's own rule in the unit test
 * (tests/unit/domain/protected-routes.test.ts, with the WHATWG URL parser the browser uses), and one of each
 * kind through the real sign-in in Chromium (tests/e2e/redirects.spec.ts).
 */
export const EVIL = 'evil.example';
/** Hostile values: each would take a naive check off-site. */
export const HOSTILE = [
  `//${EVIL}`,
  `///${EVIL}`,
  `////${EVIL}`,
  `/\\${EVIL}`,
  `\\\\${EVIL}`,
  `/\\/${EVIL}`,
  `https://${EVIL}`,
  `http:${EVIL}`,
  `https:/${EVIL}`,
  `//${EVIL}/%2e%2e`,
  `//${EVIL}@kalkulus.ru`,
  `/.//${EVIL}`,
  `/..//${EVIL}`,
  `/%2e%2e//${EVIL}`,
  `/%2E%2E//${EVIL}`,
  `/%2e//${EVIL}`,
  `/.%2e//${EVIL}`,
  `/a/..//${EVIL}`,
  `/a/b/../..//${EVIL}`,
  `/a/%2e%2e//${EVIL}`,
  `/./..//${EVIL}/x?y=1`,
  `/.///${EVIL}`,
  `/\t/${EVIL}`,
  `/\n/${EVIL}`,
  ` //${EVIL}`,
  `javascript:alert(document.domain)`,
  `data:text/html,<script>alert(1)</script>`,
  `${EVIL}`,
  `//%65vil.example`,
  `//${EVIL}/#/companies`,
];
/**
 * One hostile value of each kind for the browser: protocol-relative, a backslash the browser reads as a slash,
 * another scheme, user info, a dot segment (plain, encoded, after a segment) that normalises to `//host`, a
 * tab the URL parser drops, a leading space, a script URL, a bare host.
 */
export const HOSTILE_IN_BROWSER = [
  `//${EVIL}`,
  `/\\${EVIL}`,
  `https://${EVIL}`,
  `//${EVIL}@kalkulus.ru`,
  `/.//${EVIL}`,
  `/%2e%2e//${EVIL}`,
  `/a/..//${EVIL}`,
  `/\t/${EVIL}`,
  ` //${EVIL}`,
  `javascript:alert(document.domain)`,
  `${EVIL}`,
];
/** Raw query strings (not encoded by us): the browser and URLSearchParams decode them as a link would. */
export const RAW = [`next=/%2e%2e//${EVIL}`, `next=/.//${EVIL}`, `next=%2F%2F${EVIL}`, `next=/%252e%252e//${EVIL}`, `next=//${EVIL}&next=/companies`];
/** Good values land exactly where they say (the path after the origin). */
export const GOOD: Array<[string, RegExp]> = [
  // Look hostile, but are paths of this site (a «not found» page): the browser stays.
  [`/%5C${EVIL}`, /^\/%5Cevil\.example$/],
  [`/%09/${EVIL}`, /^\/%09\/evil\.example$/],
  [`/%2f%2f${EVIL}`, /^\/%2f%2fevil\.example$/],
  ['/companies', /^\/companies$/],
  ['/calculators/vat?x=1', /^\/calculators\/vat\?x=1$/],
  ['/a/../companies', /^\/companies$/],
  ['/%2e%2e/companies', /^\/companies$/],
];
