import { describe, expect, it } from 'vitest';
import { isProtectedPath, safeNextPath } from '@/lib/domain/protected-routes';

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
    '/Companies',
  ])('%s is protected', (p) => expect(isProtectedPath(p, q())).toBe(true));

  it.each(['/', '/auth', '/forgot-password/tok', '/landing', '/confirm-email/x', '/costs', '/companies-info', '/api/v1/health'])(
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
  ])('%s → %s', (input, out) => expect(safeNextPath(input)).toBe(out));

  it.each([null, '', 'https://evil.example', '//evil.example', '/\\evil.example', '\\\\evil', 'javascript:alert(1)', '/\tx', ' /x', `/${'a'.repeat(2001)}`])(
    '%s → /',
    (input) => expect(safeNextPath(input)).toBe('/'),
  );
});
