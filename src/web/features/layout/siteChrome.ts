/**
 * Where the site's own header and main menu end on screen now (the layout marks them `data-site-chrome`):
 * popups and on-screen messages start below, so they never cover Deposit, Withdraw or the menu.
 */
export function siteChromeBottom(): number {
  let bottom = 0;
  for (const chrome of document.querySelectorAll('[data-site-chrome]')) {
    const rect = chrome.getBoundingClientRect();
    if (rect.height > 0) bottom = Math.max(bottom, rect.bottom);
  }
  return Math.round(bottom);
}
