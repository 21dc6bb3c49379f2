// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { POPUP_MARGIN, placePopup } from '@/lib/domain/layout/popup';

const vp = { width: 1280, height: 800 };

describe('placePopup: a menu popup stays inside the viewport', () => {
  it('leaves a popup that fits where it opened', () => {
    expect(placePopup({ top: 100, left: 80, width: 240, height: 200 }, vp)).toEqual({ dx: 0, dy: 0, maxHeight: null });
  });

  it('moves a popup that passes the bottom edge up, keeping the margin', () => {
    const p = placePopup({ top: 700, left: 80, width: 240, height: 200 }, vp);
    expect(p.dy).toBe(800 - POPUP_MARGIN - 900);
    expect(700 + p.dy + 200).toBe(800 - POPUP_MARGIN);
    expect(p.dx).toBe(0);
  });

  it('moves a popup that passes the right edge left (horizontal menu near the right)', () => {
    const p = placePopup({ top: 120, left: 1200, width: 240, height: 160 }, vp);
    expect(1200 + p.dx + 240).toBe(1280 - POPUP_MARGIN);
    expect(p.dy).toBe(0);
  });

  it('never moves a popup past the left or top edge', () => {
    const wide = placePopup({ top: 10, left: 20, width: 2000, height: 100 }, vp);
    expect(20 + wide.dx).toBe(POPUP_MARGIN);
    const high = placePopup({ top: 2, left: 100, width: 200, height: 100 }, vp);
    expect(2 + high.dy).toBe(POPUP_MARGIN);
  });

  it('caps a popup taller than the viewport and pins it to the top margin', () => {
    const p = placePopup({ top: 300, left: 80, width: 240, height: 1000 }, { width: 1280, height: 500 });
    expect(p.maxHeight).toBe(500 - 2 * POPUP_MARGIN);
    expect(300 + p.dy).toBe(POPUP_MARGIN);
  });

  it('rounds shifts to whole pixels', () => {
    const p = placePopup({ top: 700.4, left: 80, width: 240, height: 200.3 }, vp);
    expect(Number.isInteger(p.dy)).toBe(true);
  });
});
