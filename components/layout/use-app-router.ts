'use client';

import NProgress from 'nprogress';
import { useRouter } from 'next/navigation';
import { useMemo } from 'react';

/** Whether going to `href` leaves the current page (another path or query), so the progress bar should run. */
export function leavesPage(href: string, here: { pathname: string; search: string; origin: string }): boolean {
  const url = new URL(href, here.origin + here.pathname + here.search);
  return url.origin === here.origin && (url.pathname !== here.pathname || url.search !== here.search);
}

/**
 * Next's router with the top progress bar: `push` and `replace` start it as links do
 * (components/layout/NavigationProgress.tsx stops it when the new URL has rendered).
 */
export function useAppRouter(): ReturnType<typeof useRouter> {
  const router = useRouter();
  return useMemo(() => {
    const start = (href: string) => {
      if (leavesPage(href, location)) NProgress.start();
    };
    return {
      ...router,
      push: (href, options) => {
        start(href);
        router.push(href, options);
      },
      replace: (href, options) => {
        start(href);
        router.replace(href, options);
      },
    };
  }, [router]);
}
