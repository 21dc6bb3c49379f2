'use client';

import { useContext, useEffect } from 'react';
import type { BreadcrumbMeta } from '@/lib/domain/layout/breadcrumb';
import { LayoutContext } from './LayoutContext';

/**
 * A business page declares its Russian breadcrumb: `<PageBreadcrumb items={['Компании', name]} />`
 * (strings, or `{label, to}` for linked crumbs; the last one is the current page). It replaces the
 * route table's labels (lib/domain/layout/routes.ts) while the page is shown. Renders nothing.
 */
export function PageBreadcrumb({ items }: { items: BreadcrumbMeta }) {
  const ctx = useContext(LayoutContext);
  const set = ctx?.setPageBreadcrumb;
  const key = JSON.stringify(items);
  useEffect(() => {
    if (!set) return;
    set(JSON.parse(key) as BreadcrumbMeta);
    return () => set(null);
  }, [set, key]);
  return null;
}
