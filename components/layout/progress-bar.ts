'use client';

import NProgress from 'nprogress';
import { PROGRESS_DELAY_MS } from '@/lib/domain/layout/progress';

NProgress.configure({ showSpinner: false, trickleSpeed: 150, minimum: 0.15 });

let timer: ReturnType<typeof setTimeout> | undefined;

/** A navigation began: the bar appears unless it ends within PROGRESS_DELAY_MS. */
export function startProgress(): void {
  if (timer !== undefined || NProgress.isStarted()) return;
  timer = setTimeout(() => {
    timer = undefined;
    NProgress.start();
  }, PROGRESS_DELAY_MS);
}

/** The new page has rendered (or nothing will come): the bar completes and hides. */
export function finishProgress(): void {
  if (timer !== undefined) {
    clearTimeout(timer);
    timer = undefined;
  }
  if (NProgress.isStarted()) NProgress.done();
}
