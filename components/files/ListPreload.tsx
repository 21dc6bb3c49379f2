'use client';

import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { startEarlyList } from './early-list';
import { firstListQuery } from './list-query';
import { preloadListView } from './list-view-chunk';

/**
 * Rendered by the business pages' layout, outside the page's own loading boundary: on a list page opened
 * directly (after sign-in, a reload) it asks for the list's first page and the table's code in the shell's first
 * render, before the page's part of the tree hydrates. The list then takes that answer (components/files/early-list.ts).
 */
export function ListPreload() {
  const pathname = usePathname();
  useState(() => {
    const q = typeof window === 'undefined' ? null : firstListQuery(pathname);
    if (!q) return;
    startEarlyList(q);
    preloadListView();
  });
  return null;
}
