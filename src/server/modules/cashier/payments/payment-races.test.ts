import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { debtOf } from '../../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import {
  addCardOption,
  sandboxWebhook,
  startCardPayment,
} from '../../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../../test/support/test-db.ts';

const SECRET = 'test-sandbox-secret';

/**
 * A card deposit decided from several sides at the same moment: the provider's callback, the member's
 * cancel and an operator's refusal. Each takes the payment session's lock before the request's, so
 * none of them waits on another in a circle (PostgreSQL would break it off as a deadlock: a 500).
 */
describe.runIf(backendAvailable && isPostgres)('a card deposit decided from several sides at once', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET });
  const { as } = useOperators(t);
  let card = 0;
  const webhook = (event: object) => sandboxWebhook(t, SECRET, event);
  const startPayment = (token: string, balance: number) => startCardPayment(t, token, card, balance);
  beforeAll(async () => {
    card = await addCardOption(t.db);
  });

  it("the member's cancel and the provider's confirmation together: no 5xx, credited exactly once", async () => {
    for (let round = 0; round < 12; round++) {
      const { token } = await t.login();
      const { sessionId, id } = await startPayment(token, 30_000);
      const [cancel, paid] = await Promise.all([
        t.call('user-cancel-deposit', { id }, { token }),
        webhook({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 30_000 }),
      ]);
      expect([cancel.statusCode, paid.statusCode], `${cancel.body} ${paid.body}`).not.toContain(500);
      expect(paid.json(), paid.body).toMatchObject({ status: 'success', outcome: 'credited' });
      // Paid is paid: whichever came first, the money is credited once and the row says so.
      expect((await balancesOf(t, token)).cash).toBe(30_000);
      expect((await t.call('get-deposit-list', {}, { token })).json().list[0]).toMatchObject({
        id,
        status: 'already',
      });
    }
    await expectSoundLedger(t.db);
  });

  it("the member's cancel and an operator's refusal together: one wins, the other gets 409", async () => {
    for (let round = 0; round < 12; round++) {
      const { token } = await t.login();
      const { id } = await startPayment(token, 30_000);
      const [cancel, reject] = await Promise.all([
        t.call('user-cancel-deposit', { id }, { token }),
        as('cashier').post(`/api/admin/cashier/deposit/${id}/reject`, { reason: 'Card declined by bank' }),
      ]);
      expect([cancel.statusCode, reject.statusCode].sort(), `${cancel.body} ${reject.body}`).toEqual([
        200, 409,
      ]);
      expect((await balancesOf(t, token)).cash).toBe(0);
    }
    await expectSoundLedger(t.db);
  });

  it("a chargeback and the member's withdrawal of the same money together: the money never leaves twice", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 12; round++) {
      const { token, member } = await t.login();
      const { sessionId } = await startPayment(token, 30_000);
      const paid = await webhook({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 30_000 });
      expect(paid.json()).toMatchObject({ outcome: 'credited' });
      const [withdraw, reversal] = await Promise.all([
        t.call('apply-user-withdraw', { balance: 30_000, code: nextCode() }, { token }),
        webhook({ eventId: randomUUID(), sessionId, outcome: 'declined', amount: 30_000 }),
      ]);
      expect([withdraw.statusCode, reversal.statusCode], `${withdraw.body} ${reversal.body}`).not.toContain(
        500,
      );
      expect(reversal.json(), reversal.body).toMatchObject({ status: 'success', outcome: 'reversed' });
      const owed = await debtOf(t, member.id);
      const balances = await balancesOf(t, token);
      if (withdraw.statusCode === 200) {
        // The withdrawal held the money first: the reversal found no cash, the member owes it all, and
        // the held withdrawal is not paid while they do.
        outcomes.add('held first');
        expect(balances).toMatchObject({ cash: 0, held: 30_000 });
        expect(owed).toBe(30_000);
        const id = (await t.call('get-withdraw-list', {}, { token })).json().list[0].id as number;
        const pay = await as('cashier').post(`/api/admin/cashier/withdraw/${id}/approve`, {});
        expect(pay.statusCode, pay.body).toBe(409);
        expect(pay.json()).toMatchObject({ status: 'debt', owed: 30_000 });
      } else {
        // The reversal took the cash first: nothing left to withdraw, nothing owed.
        outcomes.add('reversed first');
        expect(withdraw.statusCode, withdraw.body).toBeLessThan(500);
        expect(balances).toMatchObject({ cash: 0, held: 0 });
        expect(owed).toBe(0);
      }
    }
    // Which came first is the database's to decide; both orders are sound.
    expect(outcomes.size).toBeGreaterThan(0);
    await expectSoundLedger(t.db);
  });

  it('16 different notices of one chargeback at once take the credit back exactly once', async () => {
    const { token, member } = await t.login();
    const { sessionId } = await startPayment(token, 30_000);
    await webhook({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount: 30_000 });
    const notices = await Promise.all(
      Array.from({ length: 16 }, () =>
        webhook({ eventId: randomUUID(), sessionId, outcome: 'declined', amount: 30_000 }),
      ),
    );
    expect(notices.map((r) => r.statusCode)).not.toContain(500);
    const outcomes = notices.map((r) => r.json().outcome as string);
    expect(outcomes.filter((o) => o === 'reversed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-final')).toHaveLength(15);
    expect(await balancesOf(t, token)).toMatchObject({ cash: 0, held: 0 });
    expect(await debtOf(t, member.id)).toBe(0);
    await expectSoundLedger(t.db);
  });
});
