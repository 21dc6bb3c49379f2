'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/lib/client/api-error';
import { titleWithUnread } from '@/lib/domain/noty/kinds';
import type { NotificationItem } from '@/lib/schemas/noty';
import { noty, NOTY_STREAM_URL } from './api';

export const PAGE_SIZE = 20;

export interface NotificationsState {
  items: NotificationItem[];
  unread: number;
  /** Older notifications exist beyond the loaded ones. */
  more: boolean;
  loadingMore: boolean;
  /** The live stream is connected. */
  live: boolean;
  loadMore(): Promise<void>;
  read(ids: number[]): Promise<void>;
  readAll(): Promise<void>;
}

/** Items newest first, without duplicates. */
const merge = (items: NotificationItem[], add: NotificationItem[]) => {
  const seen = new Set(items.map((n) => n.id));
  return [...items, ...add.filter((n) => !seen.has(n.id))].sort((a, b) => b.id - a.id);
};

/**
 * The signed-in user's notifications: the first page, then live through the stream (EventSource). The
 * browser reconnects a dropped stream itself and sends `Last-Event-ID`, so nothing is missed; a stream that
 * ends (session over, token expired, server restarted) is opened again after the list is read anew through
 * the shared client (which refreshes the token), up to every 30 s. Keeps «(3) …» in the tab title.
 */
export function useNotifications(): NotificationsState {
  const [items, setItems] = useState<NotificationItem[]>([]);
  const [unread, setUnread] = useState(0);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [live, setLive] = useState(false);
  // Ids already shown: an event replayed after a reconnection is not counted twice.
  const known = useRef(new Set<number>());
  const add = useCallback((list: NotificationItem[]) => {
    list.forEach((n) => known.current.add(n.id));
    setItems((xs) => merge(xs, list));
  }, []);

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let delay = 3000;
    const abort = new AbortController();

    const open = (after: number) => {
      // Always from the newest notification the list showed (0: none), so one sent between the list and the
      // stream's start is replayed, not missed.
      source = new EventSource(`${NOTY_STREAM_URL}?lastEventId=${after}`);
      source.onopen = () => {
        delay = 3000;
        setLive(true);
      };
      source.addEventListener('notification', (e) => {
        const n = JSON.parse((e as MessageEvent<string>).data) as NotificationItem;
        if (known.current.has(n.id)) return;
        add([n]);
        if (!n.read_at) setUnread((u) => u + 1);
      });
      source.addEventListener('end', restart);
      source.onerror = () => {
        setLive(false);
        // CONNECTING: the browser tries again itself (with Last-Event-ID); CLOSED: it gave up (401…).
        if (source?.readyState === EventSource.CLOSED) restart();
      };
    };
    function restart() {
      source?.close();
      source = null;
      setLive(false);
      if (stopped) return;
      clearTimeout(retry);
      retry = setTimeout(() => void start(), delay);
      delay = Math.min(delay * 2, 30_000);
    }
    const start = async () => {
      try {
        const a = await noty.list({ limit: PAGE_SIZE }, abort.signal);
        if (stopped) return;
        // The fresh page replaces what was loaded (read states may have changed meanwhile).
        known.current = new Set();
        setItems([]);
        add(a.notifications);
        setUnread(a.unread);
        setMore(a.notifications.length === PAGE_SIZE);
        open(a.notifications[0]?.id ?? 0);
      } catch (err) {
        if (stopped) return;
        // Signed out for good: nothing to listen to until the next sign-in reloads the page.
        if (isApiError(err) && err.status === 401) return;
        restart();
      }
    };
    void start();
    return () => {
      stopped = true;
      abort.abort();
      clearTimeout(retry);
      source?.close();
    };
  }, [add]);

  useUnreadTitle(unread);

  const oldest = items.at(-1)?.id;
  const loadMore = useCallback(async () => {
    if (!oldest) return;
    setLoadingMore(true);
    try {
      const a = await noty.list({ limit: PAGE_SIZE, before: oldest });
      add(a.notifications);
      setUnread(a.unread);
      setMore(a.notifications.length === PAGE_SIZE);
    } finally {
      setLoadingMore(false);
    }
  }, [add, oldest]);

  const read = useCallback(async (ids: number[]) => {
    const now = new Date().toISOString();
    setItems((xs) => xs.map((x) => (ids.includes(x.id) && !x.read_at ? { ...x, read_at: now } : x)));
    const a = await noty.markRead({ ids });
    setUnread(a.unread);
  }, []);

  const readAll = useCallback(async () => {
    const now = new Date().toISOString();
    setItems((xs) => xs.map((x) => (x.read_at ? x : { ...x, read_at: now })));
    const a = await noty.markRead({ all: true });
    setUnread(a.unread);
  }, []);

  return { items, unread, more, loadingMore, live, loadMore, read, readAll };
}

/**
 * «(3) Документы — Калькулус»: the unread count in front of the tab title, kept when a page sets its own
 * title (Next writes `document.title` on navigation).
 */
function useUnreadTitle(unread: number) {
  useEffect(() => {
    const apply = () => {
      const wanted = titleWithUnread(document.title, unread);
      if (document.title !== wanted) document.title = wanted;
    };
    apply();
    const title = document.querySelector('title');
    const observer = new MutationObserver(apply);
    if (title) observer.observe(title, { childList: true, characterData: true, subtree: true });
    observer.observe(document.head, { childList: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnread(document.title, 0);
    };
  }, [unread]);
}
