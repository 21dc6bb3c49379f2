/**
 * Keyboard moves inside the side menu. The component lists the menu's visible controls
 * in DOM order; this decides where focus goes for a key, so the rules stay testable.
 */
import { isPopupMode, type MenuMode } from './state';

export type MenuKeyAction =
  | { kind: 'focus'; index: number }
  /** Open the popup of the focused root button (if closed) and focus its first item. */
  | { kind: 'enterPopup' }
  /** Close the open popup and focus its root button. */
  | { kind: 'leavePopup' }
  | { kind: 'none' };

export interface MenuKeyContext {
  mode: MenuMode;
  desktop: boolean;
  /** Index of the focused control among `count` visible ones (-1 if focus is elsewhere). */
  index: number;
  count: number;
  /** Indices of the root (section) buttons among the visible controls. */
  rootIndices: readonly number[];
  /** The focused control is a root button / sits inside an open popup. */
  onRoot: boolean;
  inPopup: boolean;
}

const wrap = (i: number, n: number) => ((i % n) + n) % n;

export function menuKeyAction(key: string, c: MenuKeyContext): MenuKeyAction {
  if (c.count === 0) return { kind: 'none' };
  const popups = c.desktop && isPopupMode(c.mode);
  const horizontal = popups && c.mode === 'horizontal';
  const nextRoot = (step: 1 | -1): MenuKeyAction => {
    if (c.rootIndices.length === 0) return { kind: 'none' };
    // The root at or before the focus, then one step on.
    let at = -1;
    c.rootIndices.forEach((r, i) => {
      if (r <= c.index) at = i;
    });
    const from = at === -1 ? (step === 1 ? -1 : 0) : at;
    return { kind: 'focus', index: c.rootIndices[wrap(from + step, c.rootIndices.length)]! };
  };
  switch (key) {
    case 'ArrowDown':
      if (horizontal && c.onRoot) return { kind: 'enterPopup' };
      return { kind: 'focus', index: wrap(c.index + 1, c.count) };
    case 'ArrowUp':
      if (horizontal && c.inPopup && c.rootIndices.includes(c.index - 1)) return { kind: 'leavePopup' };
      return { kind: 'focus', index: wrap(c.index - 1, c.count) };
    case 'Home':
      return { kind: 'focus', index: 0 };
    case 'End':
      return { kind: 'focus', index: c.count - 1 };
    case 'ArrowRight':
      if (horizontal) return nextRoot(1);
      if (popups && c.onRoot) return { kind: 'enterPopup' };
      return { kind: 'none' };
    case 'ArrowLeft':
      if (horizontal) return nextRoot(-1);
      if (popups && c.inPopup) return { kind: 'leavePopup' };
      return { kind: 'none' };
    case 'Escape':
      return popups && c.inPopup ? { kind: 'leavePopup' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}
