/**
 * Is a state-changing request cross-site? (cross-site `Origin` / `Sec-Fetch-Site` is refused.)
 * Requests without either header (scripts, server-to-server) are not cross-site.
 */
export function isCrossSite(input: {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  host: string | null;
}): boolean {
  const method = input.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false;
  if (input.secFetchSite === 'cross-site') return true;
  if (!input.origin || input.origin === 'null') return input.origin === 'null';
  let originHost: string;
  try {
    originHost = new URL(input.origin).host.toLowerCase();
  } catch {
    return true;
  }
  return !input.host || originHost !== input.host.toLowerCase();
}
