/**
 * The way back from a window the site opens (a game's, the sports window): the window closes when the
 * site opened it (the site is still open behind it, as the game window's ✕ does); a window opened any
 * other way (a blocked pop-up opens it in the site's own tab) goes to `fallback`, the site's page it
 * came from. Without it a player in that tab had no way back but the browser's own.
 */
export function leaveWindow(fallback: string): void {
  if (window.opener) window.close();
  else window.location.assign(fallback);
}
