import { siteChromeBottom } from '../layout/siteChrome.ts';

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}
/** The part of the window a popup may use: `top` is where the page's header and main menu end. */
export interface Area extends Size {
  top?: number;
}

/** The margin kept between a popup and the edges of the area it may use. */
export const POPUP_MARGIN = 8;

/**
 * Where a popup of `size` may sit so that all of it is inside `area` (the viewport below the header
 * and main menu, above the phone tab bar): a position past an edge is pulled back. A box larger than
 * the area keeps its top-left corner (title bar and close button) inside.
 */
export function clampToArea(pos: Point, size: Size, area: Area): Point {
  const minY = (area.top ?? 0) + POPUP_MARGIN;
  const maxX = Math.max(POPUP_MARGIN, area.width - size.width - POPUP_MARGIN);
  const maxY = Math.max(minY, area.height - size.height - POPUP_MARGIN);
  return {
    x: Math.round(Math.min(Math.max(pos.x, POPUP_MARGIN), maxX)),
    y: Math.round(Math.min(Math.max(pos.y, minY), maxY)),
  };
}

/**
 * The part of the window a popup may use: below the header and the main menu (Deposit, Withdraw ...),
 * above the phone tab bar when one is shown (the `data-site-chrome` parts of the layout).
 */
export function popupArea(): Area {
  const bar = document.querySelector('[data-phone-tab-bar]');
  const bottom =
    bar && bar.getBoundingClientRect().height > 0 ? bar.getBoundingClientRect().top : window.innerHeight;
  return {
    top: siteChromeBottom(),
    width: document.documentElement.clientWidth,
    height: Math.min(window.innerHeight, bottom),
  };
}

/** How far below an earlier popup's top a later one starts, so the earlier title bar stays readable. */
const POPUP_CASCADE = { x: 16, y: 48 };
/** How far below its own top a popup is taken to cover what lies under it (its title and first lines). */
const COVERED_DEPTH = 240;

/**
 * Where each popup starts when several are open. The operator places each popup alone; two placed on
 * the same spot, or pulled onto it by a narrow screen, would hide all of the earlier one but its
 * buttons. A later popup (drawn on top) whose box would cover an earlier one's title bar is moved to
 * just below that title bar instead, as windows cascade.
 */
export function cascadePopups(wanted: Point[], width: number, area: Area): Point[] {
  const placed: Point[] = [];
  for (const want of wanted) {
    let pos = clampToArea(want, { width, height: 0 }, area);
    for (const earlier of placed) {
      const overlapsAcross = Math.abs(pos.x - earlier.x) < width;
      const hidesTitle = pos.y < earlier.y + POPUP_CASCADE.y && pos.y > earlier.y - COVERED_DEPTH;
      if (overlapsAcross && hidesTitle) {
        pos = clampToArea(
          { x: earlier.x + POPUP_CASCADE.x, y: earlier.y + POPUP_CASCADE.y },
          { width, height: 0 },
          area,
        );
      }
    }
    placed.push(pos);
  }
  return placed;
}
