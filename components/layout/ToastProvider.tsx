'use client';

import { Toast, type ToastMessage } from 'primereact/toast';
import { createContext, useCallback, useContext, useMemo, useRef, type ReactNode } from 'react';

export interface ToastOptions {
  severity?: 'success' | 'info' | 'warn' | 'error' | 'secondary' | 'contrast';
  summary: string;
  detail?: string;
  /** Closable unless set to false. */
  closable?: boolean;
  /** Milliseconds; sticky when 0. Default 4000. */
  life?: number;
}

interface ToastApi {
  show: (t: ToastOptions) => void;
  clear: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast outside ToastProvider');
  return ctx;
}

/** Delay after the last message leaves before the toast layer is cleared. */
const TOAST_CLEAR_DELAY_MS = 200;

/** One toast layer for the app (top right): summary, optional detail, closable by default. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const ref = useRef<Toast>(null);
  const open = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = useCallback((t: ToastOptions) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    open.current += 1;
    const life = t.life ?? 4000;
    const msg: ToastMessage = {
      severity: t.severity ?? 'info',
      summary: t.summary,
      detail: t.detail,
      closable: t.closable !== false,
      sticky: life === 0,
      life: life || undefined,
    };
    ref.current?.show(msg);
  }, []);

  const clear = useCallback(() => {
    open.current = 0;
    ref.current?.clear();
  }, []);

  const onRemove = useCallback(() => {
    open.current = Math.max(0, open.current - 1);
    if (open.current === 0) {
      timer.current = setTimeout(() => {
        timer.current = null;
        if (open.current === 0) ref.current?.clear();
      }, TOAST_CLEAR_DELAY_MS);
    }
  }, []);

  const api = useMemo(() => ({ show, clear }), [show, clear]);
  return (
    <ToastContext.Provider value={api}>
      <Toast ref={ref} position="top-right" onRemove={onRemove} />
      {children}
    </ToastContext.Provider>
  );
}
