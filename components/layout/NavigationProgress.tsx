'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { Suspense, useEffect, useRef } from 'react';
import { clickStartsProgress } from '@/lib/domain/layout/progress';
import { finishProgress, startProgress } from './progress-bar';

/**
 * The top progress bar of in-app navigations. Clicks are watched on `window` in the capture phase:
 * Next's `<Link>` calls `preventDefault()` in its own handler (React listens on the document), so a
 * bubbling listener would see every Link click as "prevented" and never start. Links whose click does
 * something else carry `data-no-progress`. `router.push` starts it through `useAppRouter`; Back and
 * Forward through `popstate` when the path or query differs from the rendered one. A new rendered
 * path or query stops it.
 */
function Progress() {
  const pathname = usePathname();
  const search = useSearchParams();
  const shown = useRef('');

  useEffect(() => {
    shown.current = `${pathname}?${search.toString()}`;
    finishProgress();
  }, [pathname, search]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const a = (e.target as Element | null)?.closest?.('a[href]');
      if (!(a instanceof HTMLAnchorElement)) return;
      const click = {
        button: e.button,
        metaKey: e.metaKey,
        ctrlKey: e.ctrlKey,
        shiftKey: e.shiftKey,
        altKey: e.altKey,
        target: a.getAttribute('target') ?? '',
        download: a.hasAttribute('download'),
        noProgress: a.closest('[data-no-progress]') !== null,
        href: a.href,
      };
      if (clickStartsProgress(click, location)) startProgress();
    };
    const onPop = () => {
      const now = `${location.pathname}?${new URLSearchParams(location.search).toString()}`;
      if (now !== shown.current) startProgress();
    };
    window.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPop);
    };
  }, []);
  return null;
}

export function NavigationProgress() {
  return (
    <Suspense fallback={null}>
      <Progress />
    </Suspense>
  );
}
