'use client';

import { useCallback, useEffect, useRef } from 'react';

export const LEAVE_MESSAGE = 'Есть несохранённые изменения. Уйти без сохранения?';

/** Whether a click on `a` would take the user to another page of this app (same origin, same tab). */
function internalTarget(e: MouseEvent, here: Location = window.location): HTMLAnchorElement | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return null;
  const a = (e.target as Element | null)?.closest?.('a[href]');
  if (!(a instanceof HTMLAnchorElement)) return null;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
  const url = new URL(a.href, here.href);
  if (url.origin !== here.origin) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  return a;
}

/**
 * Guards unsaved changes while `dirty`: closing or reloading the tab (`beforeunload`), clicks on internal
 * links anywhere on the page (sidebar, breadcrumb, links in the page — a capture-phase listener that runs
 * before Next's <Link>), and the page's own navigation through the returned `confirmLeave()`.
 */
export function useLeaveGuard(dirty: boolean, message: string = LEAVE_MESSAGE) {
  const state = useRef({ dirty, leaving: false });
  useEffect(() => {
    state.current.dirty = dirty;
    if (!dirty) state.current.leaving = false;
  }, [dirty]);

  /** True when there is nothing to lose or the user agreed to leave (then `beforeunload` does not ask again). */
  const confirmLeave = useCallback(() => {
    if (!state.current.dirty || state.current.leaving) return true;
    const ok = window.confirm(message);
    if (ok) state.current.leaving = true;
    return ok;
  }, [message]);

  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!state.current.dirty || state.current.leaving) return;
      if (!internalTarget(e)) return;
      if (!confirmLeave()) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (state.current.dirty && !state.current.leaving) e.preventDefault();
    };
    window.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [confirmLeave]);

  return confirmLeave;
}
