'use client';

import { useRouter } from 'next/navigation';
import { useMemo } from 'react';
import { leavesPage } from '@/lib/domain/layout/progress';
import { startProgress } from './progress-bar';

/**
 * Next's router with the top progress bar: `push` and `replace` to another page start it as links do
 * (components/layout/NavigationProgress.tsx stops it when the new URL has rendered).
 */
export function useAppRouter(): ReturnType<typeof useRouter> {
  const router = useRouter();
  return useMemo(() => {
    const start = (href: string) => {
      if (leavesPage(href, location)) startProgress();
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
