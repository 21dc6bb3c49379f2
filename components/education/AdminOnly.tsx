'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import { getRoles } from '@/lib/client/roles';

const noSubscribe = () => () => undefined;

/** Shows its children to an admin only (a hint to the interface: the server checks the role on every call). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const admin = useSyncExternalStore(
    noSubscribe,
    () => getRoles().includes('admin'),
    () => false,
  );
  return admin ? <>{children}</> : null;
}
