'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react';

type IntentLinkProps = Omit<ComponentProps<typeof Link>, 'prefetch' | 'href'> & { href: string };

/**
 * A `<Link>` that prefetches its page only when the user shows intent — the pointer enters it, it gets focus or a
 * touch starts on it — not when it is rendered. The shell's menu, logos and breadcrumbs and a list's links are on
 * every page: prefetched on render they would ask the server for a dozen pages while the page just opened still
 * loads its own code and data on the same server.
 */
export function IntentLink({ href, onMouseEnter, onFocus, onTouchStart, ...rest }: IntentLinkProps) {
  const router = useRouter();
  const prefetch = () => router.prefetch(href);
  return (
    <Link
      {...rest}
      href={href}
      prefetch={false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        onMouseEnter?.(e);
        prefetch();
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        onFocus?.(e);
        prefetch();
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        onTouchStart?.(e);
        prefetch();
      }}
    />
  );
}
