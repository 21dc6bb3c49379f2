import Link from 'next/link';
import type { CSSProperties, ReactNode } from 'react';
import s from './apps.module.css';

/** A link that looks like a PrimeReact button (navigation, not an action). */
export function LinkButton({
  href,
  label,
  icon,
  look,
  ariaLabel,
  style,
  children,
}: {
  href: string;
  label: string;
  icon: string;
  look?: 'outlined' | 'text';
  ariaLabel?: string;
  style?: CSSProperties;
  children?: ReactNode;
}) {
  return (
    <Link href={href} className={`p-button p-component ${look ? `p-button-${look}` : ''} ${s.linkButton}`} aria-label={ariaLabel} style={style}>
      <span className={`p-button-icon p-button-icon-left pi ${icon}`} aria-hidden />
      <span className="p-button-label" style={{ flex: '0 0 auto' }}>
        {label}
      </span>
      {children}
    </Link>
  );
}
