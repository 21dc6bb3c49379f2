'use client';

import { Sidebar } from 'primereact/sidebar';
import type { ReactNode } from 'react';

/**
 * The app's side drawer: 20rem wide, on the left unless told otherwise, Escape and the mask close it.
 */
export function SideDrawer({
  visible,
  onHide,
  title,
  position = 'left',
  className,
  children,
}: {
  visible: boolean;
  onHide: () => void;
  title: string;
  position?: 'left' | 'right';
  className?: string;
  children: ReactNode;
}) {
  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position={position}
      closeOnEscape
      blockScroll
      className={['side-drawer', className].filter(Boolean).join(' ')}
      style={{ width: '20rem' }}
      header={<h2 className="side-drawer-title">{title}</h2>}
      aria-label={title}
      pt={{ closeButton: { 'aria-label': 'Закрыть' } }}
    >
      {children}
    </Sidebar>
  );
}
