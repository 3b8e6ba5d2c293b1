import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import { addCardOption, startCardPayment } from '../../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { sandboxProvider } from '../../../providers/payments/sandbox/sandbox.provider.ts';
import { recordedPaymentStatus } from './payments.service.ts';
import type { PaymentProvider } from './provider.ts';
import { expirePaymentSessions } from './session-expiry.ts';

const SECRET = 'test-sandbox-secret';
const MINUTE = 60_000;

/**
 * A provider that answers "paid, but another amount" (a coin deposit sent short) leaves the session for
 * an operator: the sweep cannot credit it nor expire it. It asks once; asking again every minute
 * could change nothing (the answer is recorded under one event id per session), and those sessions,
 * the oldest, would fill every pass's page and stop all other abandoned payments from expiring.
 */
describe.runIf(backendAvailable)(
  'a payment confirmed at another amount does not stall the expiry sweep',
  () => {
    const t = useTestApp({ sandboxPspSecret: SECRET });
    const { as } = useOperators(t);
    let card = 0;
    beforeAll(async () => {
      card = await addCardOption(t.db);
    });
    const asked: string[] = [];
    let shortPaid = '';
    const providers = new Map<string, PaymentProvider>([
      [
        'sandbox',
        sandboxProvider(SECRET, async (id) => {
          asked.push(id);
          return id === shortPaid ? { status: 'confirmed', amount: 1_000 } : recordedPaymentStatus(t.db, id);
        }),
      ],
    ]);
    const startPayment = (token: string, balance: number) => startCardPayment(t, token, card, balance);
    const sweepAt = (minutes: number, limit: number) =>
      expirePaymentSessions(t.db, providers, { now: new Date(Date.now() + minutes * MINUTE), limit });

    it('the short-paid session is asked once and left for an operator; the abandoned one behind it expires', async () => {
      const short = await t.login();
      const shortPayment = await startPayment(short.token, 50_000);
      shortPaid = shortPayment.sessionId;
      const abandoned = await t.login();
      await startPayment(abandoned.token, 20_000);

      // One session a pass: the oldest first. The first pass asks the short-paid one and decides nothing.
      expect(await sweepAt(31, 1)).toEqual({ expired: 0, settled: 0 });
      // The next pass reaches the abandoned one behind it.
      expect(await sweepAt(32, 1)).toEqual({ expired: 1, settled: 0 });
      expect((await t.call('get-deposit-list', {}, { token: abandoned.token })).json().list[0]).toMatchObject(
        {
          status: 'cansel',
          cancelledBy: 'expiry',
        },
      );
      expect(asked.filter((id) => id === shortPaid)).toHaveLength(1);

      // The short payment waits for an operator, credited with nothing; the operator's refusal closes it.
      expect((await t.call('get-deposit-list', {}, { token: short.token })).json().list[0]).toMatchObject({
        id: shortPayment.id,
        status: 'reg',
      });
      const refused = await as('cashier').post(`/api/admin/cashier/deposit/${shortPayment.id}/reject`, {
        reason: 'Coin sent short: 1,000 received',
      });
      expect(refused.statusCode, refused.body).toBe(200);
      expect((await balancesOf(t, short.token)).cash).toBe(0);
      await expectSoundLedger(t.db);
    });
  },
);
