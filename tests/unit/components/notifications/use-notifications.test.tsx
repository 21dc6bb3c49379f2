import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@/lib/schemas/noty';

const list = vi.fn();
vi.mock('@/components/notifications/api', () => ({
  NOTY_STREAM_URL: '/noty/api/v1/stream',
  noty: { list: (...args: unknown[]) => list(...args), markRead: vi.fn() },
}));

/** The browser's EventSource as far as the hook uses it: the test opens it, sends events and sees it closed. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.made.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const item = (id: number): NotificationItem => ({ id, kind: 'share', title: `№${id}`, body: '', link: '', created_at: '2026-11-25T10:00:00Z', read_at: null });

const { useNotifications } = await import('@/components/notifications/use-notifications');

/**
 * The stream's `event: end` (the session ended, or the user opened more streams than the server keeps and this,
 * the oldest, was ended): the hook closes the stream and, after its back-off, reads the list anew and opens a new
 * stream from the newest notification — the same way back as after a restart.
 */
describe('useNotifications: a stream the server ends', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.made = [];
    list.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is opened again after the back-off, from the list read anew', async () => {
    list.mockResolvedValueOnce({ notifications: [item(5)], unread: 1 });
    const hook = renderHook(() => useNotifications());
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/noty/api/v1/stream?lastEventId=5']);
    const first = FakeEventSource.made[0]!;
    act(() => first.open());
    expect(hook.result.current.live).toBe(true);

    list.mockResolvedValueOnce({ notifications: [item(7), item(5)], unread: 2 });
    act(() => void first.dispatchEvent(new MessageEvent('end', { data: '{}' })));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(hook.result.current.live).toBe(false);
    // Not at once: the back-off (3 s) first.
    await act(async () => vi.advanceTimersByTimeAsync(2999));
    expect(list).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(list).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(['/noty/api/v1/stream?lastEventId=5', '/noty/api/v1/stream?lastEventId=7']);
    act(() => FakeEventSource.made[1]!.open());
    expect(hook.result.current).toMatchObject({ live: true, unread: 2 });
    expect(hook.result.current.items.map((n) => n.id)).toEqual([7, 5]);
    hook.unmount();
  });
});
