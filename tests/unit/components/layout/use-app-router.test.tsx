import { act, render, renderHook } from '@testing-library/react';
import NProgress from 'nprogress';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NavigationProgress } from '@/components/layout/NavigationProgress';
import { finishProgress, startProgress } from '@/components/layout/progress-bar';
import { useAppRouter } from '@/components/layout/use-app-router';
import { PROGRESS_DELAY_MS } from '@/lib/domain/layout/progress';

const push = vi.fn();
const replace = vi.fn();
let pathname = '/specifications';
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push, replace, back: vi.fn(), forward: vi.fn(), refresh: vi.fn(), prefetch: vi.fn() }),
  usePathname: () => pathname,
  useSearchParams: () => new URLSearchParams(),
}));

beforeEach(() => {
  vi.useFakeTimers();
  finishProgress();
  NProgress.remove();
  push.mockClear();
  replace.mockClear();
  pathname = '/specifications';
  window.history.replaceState(null, '', '/specifications');
});
afterEach(() => {
  finishProgress();
  vi.useRealTimers();
});

describe('progress bar timing', () => {
  it('appears only after the delay, and not at all when the navigation ends first', () => {
    startProgress();
    expect(NProgress.isStarted()).toBe(false);
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 10);
    finishProgress();
    vi.advanceTimersByTime(1000);
    expect(NProgress.isStarted()).toBe(false);
    startProgress();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(NProgress.isStarted()).toBe(true);
    finishProgress();
    expect(NProgress.isStarted()).toBe(false);
  });
});

describe('useAppRouter', () => {
  it('starts the progress bar and navigates on push to another page', () => {
    const { result } = renderHook(() => useAppRouter());
    result.current.push('/specifications/create/42');
    expect(push).toHaveBeenCalledWith('/specifications/create/42', undefined);
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(NProgress.isStarted()).toBe(true);
  });
  it('does not start it for a replace that stays on the page', () => {
    const { result } = renderHook(() => useAppRouter());
    result.current.replace('/specifications', { scroll: false });
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(NProgress.isStarted()).toBe(false);
    expect(replace).toHaveBeenCalledWith('/specifications', { scroll: false });
  });
});

describe('NavigationProgress', () => {
  const link = (attrs: Record<string, string>, onClick?: (e: MouseEvent) => void) => {
    const a = document.createElement('a');
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    a.textContent = 'ссылка';
    if (onClick) a.addEventListener('click', onClick);
    document.body.append(a);
    return a;
  };
  afterEach(() => document.querySelectorAll('a').forEach((a) => a.remove()));

  it('starts on a link click even when the link prevents the default (as Next <Link> does) and stops on the new path', () => {
    const { rerender } = render(<NavigationProgress />);
    link({ href: '/cost' }, (e) => e.preventDefault()).click();
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(NProgress.isStarted()).toBe(true);
    pathname = '/cost';
    rerender(<NavigationProgress />);
    expect(NProgress.isStarted()).toBe(false);
  });
  it('ignores target=_blank, data-no-progress, ctrl-clicks and hash links', () => {
    render(<NavigationProgress />);
    link({ href: '/cost', target: '_blank' }, (e) => e.preventDefault()).click();
    link({ href: '/cost', 'data-no-progress': '' }, (e) => e.preventDefault()).click();
    link({ href: '/specifications#top' }, (e) => e.preventDefault()).click();
    link({ href: '/cost' }, (e) => e.preventDefault()).dispatchEvent(new MouseEvent('click', { bubbles: true, ctrlKey: true }));
    vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2);
    expect(NProgress.isStarted()).toBe(false);
  });
  it('starts on Back to another page, not on a hash change', () => {
    render(<NavigationProgress />);
    window.history.replaceState(null, '', '/specifications#x');
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(NProgress.isStarted()).toBe(false);
    window.history.replaceState(null, '', '/cost');
    act(() => void window.dispatchEvent(new PopStateEvent('popstate')));
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(NProgress.isStarted()).toBe(true);
  });
});
