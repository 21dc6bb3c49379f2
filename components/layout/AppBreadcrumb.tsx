'use client';

import { IntentLink } from './IntentLink';
import { usePathname } from 'next/navigation';
import { Fragment } from 'react';
import { breadcrumbFor } from '@/lib/domain/layout/breadcrumb';
import { shellBreadcrumb } from '@/lib/domain/layout/routes';
import { useLayout } from './LayoutContext';

/** Home icon, then the route's crumbs (page-declared, the route table, or the path), chevrons between. */
export function AppBreadcrumb() {
  const pathname = usePathname();
  const { pageBreadcrumb, routes } = useLayout();
  const crumbs = breadcrumbFor(pathname, pageBreadcrumb ?? shellBreadcrumb(pathname, routes));
  return (
    <nav className="layout-breadcrumb" aria-label="Навигационная цепочка">
      <ol>
        <li>
          <IntentLink href="/" aria-label="Главная" className="layout-breadcrumb-home">
            <i className="pi pi-home" aria-hidden="true" />
          </IntentLink>
        </li>
        {crumbs.map((c, i) => (
          <Fragment key={`${i}-${c.label}`}>
            <li className="layout-breadcrumb-chevron" aria-hidden="true">
              <i className="pi pi-angle-right" />
            </li>
            <li>
              {c.to ? (
                <IntentLink href={c.to}>{c.label}</IntentLink>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
