'use client';

import { createContext, useContext, type Dispatch } from 'react';
import type { BreadcrumbMeta } from '@/lib/domain/layout/breadcrumb';
import { isDesktopWidth, type LayoutAction, type LayoutState } from '@/lib/domain/layout/state';

export interface LayoutContextValue {
  state: LayoutState;
  dispatch: Dispatch<LayoutAction>;
  /** Labels a page declared with <PageBreadcrumb>, or null. */
  pageBreadcrumb: BreadcrumbMeta | null;
  setPageBreadcrumb: (meta: BreadcrumbMeta | null) => void;
  productName: string;
  messengerUrl: string | null;
}

export const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayout(): LayoutContextValue {
  const ctx = useContext(LayoutContext);
  if (!ctx) throw new Error('useLayout outside AppShell');
  return ctx;
}

/** The shell's breakpoint, read when an event happens (shell.md §4.1: innerWidth > 991). */
export const isDesktop = () => typeof window !== 'undefined' && isDesktopWidth(window.innerWidth);
