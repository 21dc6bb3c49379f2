'use client';

import { useEffect } from 'react';
import { RouteError } from '@/components/layout/RouteState';

/** Any page of the shell that failed while rendering: the shell stays, the page offers «Повторить». */
export default function Error({ error, retry }: { error: unknown; retry: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return <RouteError retry={retry} />;
}
