import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client.ts';
import { paymentOptions, sites } from '../../src/server/db/schema.ts';

/**
 * Adds a card deposit option paid through the sandbox provider to a site (the default site unless
 * said): its id, the `idx` a member's `apply-deposit-payment` names. Call `t.app.sites.invalidate()`
 * after it where the app has the site's options cached.
 */
export async function addCardOption(db: Db, siteId?: number): Promise<number> {
  const id = siteId ?? (await db.select().from(sites).where(eq(sites.isDefault, true)))[0]!.id;
  const [card] = await db
    .insert(paymentOptions)
    .values({ siteId: id, direction: 'deposit', kind: 'card', provider: 'sandbox', name: 'Card' })
    .returning();
  return card!.id;
}
