import { renderHook } from '@testing-library/react';
import NProgress from 'nprogress';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavesPage, useAppRouter } from '@/components/layout/use-app-router';

const push = vi.fn();
const replace = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, replace, back: vi.fn(), forward: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }) }));

const here = { origin: 'http://localhost', pathname: '/calculators/vat', search: '?amount=100' };

describe('leavesPage', () => {
  it('is true for another path or another query on this site', () => {
    expect(leavesPage('/cost', here)).toBe(true);
    expect(leavesPage('/calculators/vat?amount=200', here)).toBe(true);
    expect(leavesPage('edit', here)).toBe(true);
  });
  it('is false for the same page, a hash on it, or another site', () => {
    expect(leavesPage('/calculators/vat?amount=100', here)).toBe(false);
    expect(leavesPage('/calculators/vat?amount=100#steps', here)).toBe(false);
    expect(leavesPage('https://example.ru/cost', here)).toBe(false);
  });
});

describe('useAppRouter', () => {
  beforeEach(() => {
    NProgress.done();
    NProgress.remove();
    push.mockClear();
    replace.mockClear();
    window.history.replaceState(null, '', '/specifications');
  });
  it('starts the progress bar and navigates on push to another page', () => {
    const { result } = renderHook(() => useAppRouter());
    result.current.push('/specifications/create/42');
    expect(NProgress.isStarted()).toBe(true);
    expect(push).toHaveBeenCalledWith('/specifications/create/42', undefined);
  });
  it('does not start it for a replace that stays on the page', () => {
    const { result } = renderHook(() => useAppRouter());
    result.current.replace('/specifications', { scroll: false });
    expect(NProgress.isStarted()).toBe(false);
    expect(replace).toHaveBeenCalledWith('/specifications', { scroll: false });
  });
});
