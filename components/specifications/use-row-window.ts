'use client';

import { useEffect, useRef, useState } from 'react';

/** Rows rendered above and below the visible part of the scroll box. */
const OVERSCAN = 8;

interface View {
  top: number;
  height: number;
  rowPx: number;
}

interface RowWindow {
  /** First rendered row index (inclusive). */
  start: number;
  /** Last rendered row index (exclusive). */
  end: number;
  /** Heights of the spacers before and after the rendered rows, px. */
  before: number;
  after: number;
}

/**
 * Reads the scroll position, the box height and the mean height of the rendered rows (`tr[data-row]`): a row
 * with a long name wraps and is taller than the others.
 */
function readView(el: HTMLElement, prev: View): View {
  const head = el.querySelector('thead')?.getBoundingClientRect().height ?? 0;
  const rows = el.querySelectorAll('tr[data-row]');
  let total = 0;
  for (const r of rows) total += r.getBoundingClientRect().height;
  const row = rows.length ? total / rows.length : undefined;
  const next = { top: Math.max(0, el.scrollTop - head), height: el.clientHeight || prev.height, rowPx: row && row > 4 ? row : prev.rowPx };
  return next.top === prev.top && next.height === prev.height && Math.abs(next.rowPx - prev.rowPx) < 0.5 ? prev : next;
}

/**
 * Windowing for a long table inside a scroll box: only the rows in view (plus a few) are rendered, the rest
 * is replaced by two spacer rows, so a keystroke in a 2 000-row specification touches a few dozen DOM rows.
 * Rows are one line high in CSS unless a long name wraps; their mean height is measured from the rendered rows
 * when the box scrolls or resizes.
 */
export function useRowWindow(count: number) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const [view, setView] = useState<View>({ top: 0, height: 640, rowPx: 44 });

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => {
      frame.current = 0;
      setView((v) => readView(el, v));
    };
    const onScroll = () => {
      if (!frame.current) frame.current = requestAnimationFrame(update);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onScroll);
    ro?.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      ro?.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, []);

  const { rowPx } = view;
  const first = Math.floor(view.top / rowPx);
  const start = Math.max(0, Math.min(count, first - OVERSCAN));
  const end = Math.max(start, Math.min(count, first + Math.ceil(view.height / rowPx) + OVERSCAN));
  const win: RowWindow = { start, end, before: start * rowPx, after: (count - end) * rowPx };
  return [box, win] as const;
}
