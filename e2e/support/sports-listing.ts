import type { Locator, Page } from 'playwright-core';

/**
 * The sports window draws its listing as the member scrolls (useIncremental): scrolls down, as a member
 * would, until the event's card is drawn, then brings it into view. Fails if it never is.
 */
export async function showCard(w: Page, id: number, timeoutMs = 15_000): Promise<Locator> {
  const card = w.locator(`[data-event="${id}"]`).first();
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > until) throw new Error(`event ${id} was never drawn in the listing`);
    if ((await card.count()) > 0) {
      // The listing may draw the card again meanwhile (more of it arriving): then look once more.
      const shown = await card
        .scrollIntoViewIfNeeded({ timeout: 2_000 })
        .then(() => true)
        .catch(() => false);
      if (shown) break;
    } else {
      await w.evaluate(() => window.scrollBy(0, window.innerHeight));
      await w.waitForTimeout(100);
    }
  }
  return card;
}

/** A 1X2 price button of an event's card, drawn first (showCard). */
export async function priceButton(w: Page, id: number, key: 'home' | 'draw' | 'away'): Promise<Locator> {
  await showCard(w, id);
  return w.locator(`[data-event="${id}"] [data-testid="price"]`).nth(['home', 'draw', 'away'].indexOf(key));
}
