// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isCrossSite } from '@/lib/domain/same-origin';

const req = (over: Partial<Parameters<typeof isCrossSite>[0]>) =>
  isCrossSite({ method: 'POST', origin: null, secFetchSite: null, host: 'kalkulus.ru', ...over });

describe('cross-site request check', () => {
  it('lets same-origin calls and header-less scripts through', () => {
    expect(req({ origin: 'https://kalkulus.ru', secFetchSite: 'same-origin' })).toBe(false);
    expect(req({})).toBe(false);
    expect(req({ origin: 'http://KALKULUS.ru' })).toBe(false);
  });
  it('refuses other sites', () => {
    expect(req({ origin: 'https://evil.example' })).toBe(true);
    expect(req({ secFetchSite: 'cross-site' })).toBe(true);
    expect(req({ origin: 'null' })).toBe(true);
    expect(req({ origin: 'not a url' })).toBe(true);
    expect(req({ origin: 'https://kalkulus.ru:8443' })).toBe(true);
  });
  it('never blocks safe methods', () => {
    expect(req({ method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site' })).toBe(false);
    expect(req({ method: 'HEAD', secFetchSite: 'cross-site' })).toBe(false);
  });
});
