// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { menuKeyAction, type MenuKeyContext } from '@/lib/domain/layout/menu-keys';

// Static menu: 8 links, no visible root buttons.
const vertical: MenuKeyContext = { mode: 'static', desktop: true, index: 0, count: 8, rootIndices: [], onRoot: false, inPopup: false };
// Slim with the first popup open: root0, link, link, link, link, root1, root2.
const slim: MenuKeyContext = { mode: 'slim', desktop: true, index: 0, count: 7, rootIndices: [0, 5, 6], onRoot: true, inPopup: false };

describe('menu keys', () => {
  it('arrows move through the visible items and wrap', () => {
    expect(menuKeyAction('ArrowDown', vertical)).toEqual({ kind: 'focus', index: 1 });
    expect(menuKeyAction('ArrowUp', vertical)).toEqual({ kind: 'focus', index: 7 });
    expect(menuKeyAction('ArrowDown', { ...vertical, index: 7 })).toEqual({ kind: 'focus', index: 0 });
    expect(menuKeyAction('Home', { ...vertical, index: 5 })).toEqual({ kind: 'focus', index: 0 });
    expect(menuKeyAction('End', vertical)).toEqual({ kind: 'focus', index: 7 });
  });

  it('left and right do nothing in a vertical menu', () => {
    expect(menuKeyAction('ArrowRight', vertical).kind).toBe('none');
    expect(menuKeyAction('ArrowLeft', vertical).kind).toBe('none');
    expect(menuKeyAction('Escape', vertical).kind).toBe('none');
  });

  it('slim: right enters the popup, left and Escape leave it', () => {
    expect(menuKeyAction('ArrowRight', slim)).toEqual({ kind: 'enterPopup' });
    const inside = { ...slim, index: 2, onRoot: false, inPopup: true };
    expect(menuKeyAction('ArrowLeft', inside)).toEqual({ kind: 'leavePopup' });
    expect(menuKeyAction('Escape', inside)).toEqual({ kind: 'leavePopup' });
    expect(menuKeyAction('ArrowDown', inside)).toEqual({ kind: 'focus', index: 3 });
  });

  it('horizontal: left/right go from section to section, down opens, up from the first item closes', () => {
    const h = { ...slim, mode: 'horizontal' as const };
    expect(menuKeyAction('ArrowRight', h)).toEqual({ kind: 'focus', index: 5 });
    expect(menuKeyAction('ArrowLeft', h)).toEqual({ kind: 'focus', index: 6 });
    expect(menuKeyAction('ArrowRight', { ...h, index: 6 })).toEqual({ kind: 'focus', index: 0 });
    expect(menuKeyAction('ArrowDown', h)).toEqual({ kind: 'enterPopup' });
    expect(menuKeyAction('ArrowUp', { ...h, index: 1, onRoot: false, inPopup: true })).toEqual({ kind: 'leavePopup' });
    // From inside a popup, right moves to the next section.
    expect(menuKeyAction('ArrowRight', { ...h, index: 3, onRoot: false, inPopup: true })).toEqual({ kind: 'focus', index: 5 });
  });

  it('on a phone every mode is the vertical off-canvas menu', () => {
    const phone = { ...slim, desktop: false, mode: 'horizontal' as const };
    expect(menuKeyAction('ArrowRight', phone).kind).toBe('none');
    expect(menuKeyAction('ArrowDown', phone)).toEqual({ kind: 'focus', index: 1 });
  });

  it('nothing to move through: no action', () => {
    expect(menuKeyAction('ArrowDown', { ...vertical, count: 0 }).kind).toBe('none');
  });
});
