export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** The margin kept between a popup and the edges of the area it may use. */
export const POPUP_MARGIN = 8;

/**
 * Where a popup of `size` may sit so that all of it is inside `area` (the viewport less the phone tab
 * bar): a position past an edge is pulled back. A box larger than the area keeps its top-left corner
 * (title bar and close button) inside.
 */
export function clampToArea(pos: Point, size: Size, area: Size): Point {
  const maxX = Math.max(POPUP_MARGIN, area.width - size.width - POPUP_MARGIN);
  const maxY = Math.max(POPUP_MARGIN, area.height - size.height - POPUP_MARGIN);
  return {
    x: Math.round(Math.min(Math.max(pos.x, POPUP_MARGIN), maxX)),
    y: Math.round(Math.min(Math.max(pos.y, POPUP_MARGIN), maxY)),
  };
}

/** The part of the window a popup may use: all of it, less the phone tab bar when one is shown. */
export function popupArea(): Size {
  const bar = document.querySelector('[data-phone-tab-bar]');
  const top =
    bar && bar.getBoundingClientRect().height > 0 ? bar.getBoundingClientRect().top : window.innerHeight;
  return { width: document.documentElement.clientWidth, height: Math.min(window.innerHeight, top) };
}
