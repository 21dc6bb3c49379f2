// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isProtectedPath, safeNextPath } from '@/lib/domain/protected-routes';
import { GOOD, HOSTILE, HOSTILE_IN_BROWSER, RAW } from '../../e2e/redirect-values';

const q = (s = '') => new URLSearchParams(s);

describe('isProtectedPath', () => {
  it.each([
    '/business-processes',
    '/business-processes/12/edit',
    '/specifications/a',
    '/calculators',
    '/calculators/vat',
    '/cost',
    '/companies',
    '/documents/7',
    '/my-progress',
    '/education',
    '/file/abc',
    '/search',
    '/Companies',
    '/demo',
    '/uikit/button',
    '/apps/mail/inbox',
    '/pages/invoice',
    '/ecommerce/shopping-cart',
    '/profile/list',
    '/documentation',
    '/dashboard-banking',
    '/blocks',
  ])('%s is protected', (p) => expect(isProtectedPath(p, q())).toBe(true));

  it.each(['/', '/auth', '/forgot-password/tok', '/landing', '/confirm-email/x', '/costs', '/companies-info', '/api/v1/health', '/demos', '/pagesx'])(
    '%s is public',
    (p) => expect(isProtectedPath(p, q())).toBe(false),
  );

  it('/file/… opens with a link token, not with an empty one', () => {
    expect(isProtectedPath('/file/abc', q('link=t0k'))).toBe(false);
    expect(isProtectedPath('/file/abc', q('link='))).toBe(true);
    expect(isProtectedPath('/companies', q('link=t0k'))).toBe(true);
  });
});

describe('safeNextPath (no open redirect)', () => {
  it.each([
    ['/companies', '/companies'],
    ['/calculators/vat?x=1#r', '/calculators/vat?x=1#r'],
    ['/a/../b', '/b'],
    ['/./companies', '/companies'],
    ['/%2e%2e/companies', '/companies'],
    ['/cost?next=//evil.example', '/cost?next=//evil.example'],
    ['/companies//x', '/companies//x'],
    ['/%2f%2fevil.example', '/%2f%2fevil.example'],
    ['/file/abc?link=t#p=//x', '/file/abc?link=t#p=//x'],
    ['/поиск', '/%D0%BF%D0%BE%D0%B8%D1%81%D0%BA'],
  ])('%s → %s', (input, out) => expect(safeNextPath(input)).toBe(out));

  it.each([
    null,
    undefined,
    '',
    'https://evil.example',
    'http:evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil',
    'javascript:alert(1)',
    'evil.example',
    '/\tx',
    '/\n/evil.example',
    ' /x',
    `/${'a'.repeat(2001)}`,
    // Normalise to `//host`: the raw string looks local, the browser would leave the site.
    '/.//evil.example',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E%2E//evil.example',
    '/%2e//evil.example',
    '/.%2e//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/a/%2e%2e//evil.example',
    '/./..//evil.example/x?y=1',
    '/.///evil.example',
  ])('%s → /', (input) => expect(safeNextPath(input)).toBe('/'));

  it('every answer is a fixed point and stays on the site', () => {
    const inputs = ['/a/./b/../c', '/%2e/x', '/x/%2E%2E/y', '/.//h', '/a/..//h', '/%252e%252e//h', '/..%2f/h'];
    for (const input of inputs) {
      const out = safeNextPath(input);
      expect(safeNextPath(out)).toBe(out);
      expect(new URL(out, 'https://kalkulus.ru').origin).toBe('https://kalkulus.ru');
    }
  });

  // Every value of the browser sweep, resolved as `location.assign` resolves it (the WHATWG URL parser).
  const SITE = 'https://kalkulus.ru';
  const landing = (next: string | null) => new URL(safeNextPath(next), SITE);
  it.each(HOSTILE)('the sign-in sweep: %j → the home page', (next) => {
    expect(landing(next).href).toBe(`${SITE}/`);
  });
  it.each(RAW)('the sign-in sweep, a raw query %j → the home page', (query) => {
    expect(landing(new URLSearchParams(query).get('next')).href).toBe(`${SITE}/`);
  });
  it.each(GOOD)('the sign-in sweep: %j stays on its page', (next, where) => {
    const at = landing(next);
    expect(at.origin).toBe(SITE);
    expect(at.href.slice(SITE.length)).toMatch(where);
  });
  it('the browser sweep takes its values from the full list', () => {
    for (const v of HOSTILE_IN_BROWSER) expect(HOSTILE).toContain(v);
  });
});
