/** The game window is 1400×800 (SPEC §9); iOS and Mac browsers block a window opened after an await. */
export const GAME_WINDOW = { width: 1400, height: 800 };

export function isAppleDevice(
  userAgent = navigator.userAgent,
  maxTouchPoints = navigator.maxTouchPoints,
): boolean {
  return /iPhone|iPad|iPod|Macintosh/.test(userAgent) || (/Mac/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * On Apple devices a blank window must be opened inside the click, then pointed at the game once
 * its URL arrives; elsewhere the window opens when the URL is known.
 */
export function prepareGameWindow(): { navigate(url: string): void; close(): void } {
  if (isAppleDevice()) {
    const blank = window.open('', '_blank');
    return {
      navigate: (url) => {
        if (blank) blank.location.href = url;
        else window.location.href = url;
      },
      close: () => blank?.close(),
    };
  }
  return {
    navigate: (url) => {
      const opened = window.open(
        url,
        'royal-game',
        `width=${GAME_WINDOW.width},height=${GAME_WINDOW.height},menubar=no,toolbar=no,location=no`,
      );
      if (!opened) window.location.href = url;
    },
    close: () => {},
  };
}
