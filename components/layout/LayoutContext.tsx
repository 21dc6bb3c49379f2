'use client';

import { createContext, useContext, useSyncExternalStore, type Dispatch } from 'react';
import type { BreadcrumbMeta } from '@/lib/domain/layout/breadcrumb';
import { MOBILE_MAX_WIDTH, isDesktopWidth, type LayoutAction, type LayoutState } from '@/lib/domain/layout/state';

export interface LayoutContextValue {
  state: LayoutState;
  dispatch: Dispatch<LayoutAction>;
  /** Labels a page declared with <PageBreadcrumb>, or null. */
  pageBreadcrumb: BreadcrumbMeta | null;
  setPageBreadcrumb: (meta: BreadcrumbMeta | null) => void;
  /** Breadcrumb lines of the routes of this shell's own group (the demo pages), beside lib/domain/layout/routes.ts. */
  routes: Record<string, BreadcrumbMeta> | undefined;
  productName: string;
  messengerUrl: string | null;
}

export const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayout(): LayoutContextValue {
  const ctx = useContext(LayoutContext);
  if (!ctx) throw new Error('useLayout outside AppShell');
  return ctx;
}

/** The shell's breakpoint, read when an event happens (innerWidth > 991). */
export const isDesktop = () => typeof window !== 'undefined' && isDesktopWidth(window.innerWidth);

const DESKTOP_QUERY = `(min-width: ${MOBILE_MAX_WIDTH + 1}px)`;
const subscribeDesktop = (onChange: () => void) => {
  const mq = window.matchMedia(DESKTOP_QUERY);
  mq.addEventListener('change', onChange);
  return () => mq.removeEventListener('change', onChange);
};

/** The breakpoint as render state (for what the markup says, e.g. aria-expanded); the server assumes desktop. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia(DESKTOP_QUERY).matches,
    () => true,
  );
}
