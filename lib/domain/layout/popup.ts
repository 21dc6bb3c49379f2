/**
 * Where a slim / slim-plus / horizontal menu popup goes: it opens next to
 * its root item and is then moved back inside the viewport, never past the right or bottom edge.
 */

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

export interface Viewport {
  width: number;
  height: number;
}

export interface PopupPlacement {
  /** Shift to apply to the popup, in CSS pixels (negative = up / left). */
  dx: number;
  dy: number;
  /** Set when the popup is taller than the viewport allows: the most it may be (it scrolls inside). */
  maxHeight: number | null;
}

/** Gap kept between a popup and the viewport edges. */
export const POPUP_MARGIN = 8;

/**
 * The shift that keeps `popup` (its box as opened, before any shift) inside the viewport with
 * `margin` pixels to spare. Right and bottom overflow move it left / up, but never past the left /
 * top margin; a popup taller than the viewport is capped to fit.
 */
export function placePopup(popup: Box, viewport: Viewport, margin = POPUP_MARGIN): PopupPlacement {
  const room = Math.max(0, viewport.height - 2 * margin);
  const height = Math.min(popup.height, room);
  const maxHeight = popup.height > room ? room : null;

  let dx = 0;
  const right = popup.left + popup.width;
  if (right > viewport.width - margin) dx = viewport.width - margin - right;
  if (popup.left + dx < margin) dx = margin - popup.left;

  let dy = 0;
  const bottom = popup.top + height;
  if (bottom > viewport.height - margin) dy = viewport.height - margin - bottom;
  if (popup.top + dy < margin) dy = margin - popup.top;

  // Round so the popup does not land on half pixels (blurry text).
  return { dx: Math.round(dx), dy: Math.round(dy), maxHeight: maxHeight === null ? null : Math.floor(maxHeight) };
}
