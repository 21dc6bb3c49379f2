import type { ReactNode } from 'react';

/** Printable forms: the page alone, without the app's menu and top bar. */
export default function PrintLayout({ children }: { children: ReactNode }) {
  return <main>{children}</main>;
}
