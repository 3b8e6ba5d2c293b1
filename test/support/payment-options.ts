import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { paymentOptions, sites } from '../../src/server/db/schema.ts';
import { hmacSign } from '../../src/server/http/hmac-signature.ts';
import { SIGNATURE_HEADER } from '../../src/server/providers/payments/sandbox/signature.ts';
import { nextCode } from './money.ts';
import type { TestApp } from './test-app.ts';

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

/** A sandbox provider's webhook, signed with `secret` as the provider signs it. */
export function sandboxWebhook(t: TestApp, secret: string, event: object) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/payments/sandbox/webhook',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: hmacSign(secret, body) },
    payload: body,
  });
}

/** A member's card deposit through the sandbox option `card`: its payment session and its request id. */
export async function startCardPayment(
  t: TestApp,
  token: string,
  card: number,
  balance: number,
  more: { promo?: number } = {},
) {
  const res = await t.call(
    'apply-deposit-payment',
    { balance, code: nextCode(), idx: card, ...more },
    { token },
  );
  expect(res.json(), res.body).toMatchObject({ status: 'success' });
  const sessionId = decodeURIComponent(String(res.json().launcherUrl).split('/').pop()!);
  const id: number = (await t.call('get-deposit-list', {}, { token })).json().list[0].id;
  return { sessionId, id };
}

/**
 * A member's card deposit of `amount` through the sandbox option `card`, confirmed by the provider
 * (credited), and `reverse()`: the provider's chargeback of it (its 'declined' after the 'confirmed').
 */
export async function creditedCardDeposit(
  t: TestApp,
  secret: string,
  card: number,
  token: string,
  amount: number,
) {
  const { sessionId, id } = await startCardPayment(t, token, card, amount);
  const paid = await sandboxWebhook(t, secret, {
    eventId: randomUUID(),
    sessionId,
    outcome: 'confirmed',
    amount,
  });
  expect(paid.json(), paid.body).toMatchObject({ status: 'success', outcome: 'credited' });
  return {
    id,
    reverse: async () => {
      const event = { eventId: randomUUID(), sessionId, outcome: 'declined', amount };
      const res = await sandboxWebhook(t, secret, event);
      expect(res.json(), res.body).toMatchObject({ status: 'success', outcome: 'reversed' });
    },
  };
}
