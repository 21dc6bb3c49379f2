'use client';

import { IntentLink } from './IntentLink';
import { forwardRef, useEffect, useRef, type FocusEvent } from 'react';
import { AUTO_HIDE_MS, isHoverMode } from '@/lib/domain/layout/state';
import { AppMenu } from './AppMenu';
import { useLayout } from './LayoutContext';

/** The sidebar: product name, the menu, the help prompt; reveal/drawer hover logic with a pin. */
export const AppSidebar = forwardRef<HTMLElement>(function AppSidebar(_props, ref) {
  const { state, dispatch, productName, messengerUrl } = useLayout();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hoverMode = isHoverMode(state.menuMode);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const onEnter = () => {
    if (!hoverMode || state.anchored) return;
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    dispatch({ type: 'sidebarEnter' });
  };
  const onLeave = () => {
    if (!hoverMode || state.anchored || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      dispatch({ type: 'sidebarAutoHide' });
    }, AUTO_HIDE_MS);
  };

  // Keyboard users get the same: focus inside expands the menu, focus leaving it starts the timer.
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)) return;
    onLeave();
  };

  return (
    <aside
      ref={ref}
      id="layout-sidebar"
      className="layout-sidebar"
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
      onFocus={onEnter}
      onBlur={onBlur}
      aria-label="Боковое меню"
    >
      <div className="layout-sidebar-top">
        <IntentLink href="/" className="layout-sidebar-logo" aria-label={`${productName} — на главную`}>
          <i className="pi pi-calculator layout-sidebar-logo-icon" aria-hidden="true" />
          <span className="layout-sidebar-logo-text">{productName}</span>
        </IntentLink>
        {hoverMode && (
          <button
            type="button"
            className={`layout-sidebar-anchor${state.anchored ? ' anchored' : ''}`}
            aria-pressed={state.anchored}
            aria-label={state.anchored ? 'Открепить меню' : 'Закрепить меню'}
            title={state.anchored ? 'Открепить меню' : 'Закрепить меню'}
            onClick={() => dispatch({ type: 'toggleAnchor' })}
          >
            <i className="pi pi-thumbtack" aria-hidden="true" />
          </button>
        )}
      </div>
      <nav className="layout-menu-container" aria-label="Главное меню">
        <AppMenu />
      </nav>
      {/* Without a support chat address there is nothing to press: the block is not shown at all. */}
      {messengerUrl && (
        <div className="layout-sidebar-help">
          <p>Появился какой-нибудь вопрос по сервису?</p>
          <a className="p-button p-component layout-help-button" href={messengerUrl} target="_blank" rel="noopener noreferrer">
            <i className="pi pi-send p-button-icon p-button-icon-left" aria-hidden="true" />
            <span className="p-button-label">Написать</span>
          </a>
        </div>
      )}
    </aside>
  );
});
