import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { balancesOf, expectSoundLedger, nextCode } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import { addCardOption, sandboxWebhook } from '../../../../../test/support/payment-options.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable, isPostgres } from '../../../../../test/support/test-db.ts';
import { ledgerTransfers, sites } from '../../../db/schema.ts';
import { sandboxProvider } from '../../../providers/payments/sandbox/sandbox.provider.ts';
import { recordedPaymentStatus } from './payments.service.ts';
import type { PaymentProvider, PaymentStatus } from './provider.ts';
import { expirePaymentSessions } from './session-expiry.ts';

const SECRET = 'test-sandbox-secret';
const MINUTE = 60_000;

describe.runIf(backendAvailable)(
  'payment sessions expire by themselves; a late payment is still credited',
  () => {
    const t = useTestApp({ sandboxPspSecret: SECRET });
    const { as } = useOperators(t);
    let card = 0;
    /** What the provider answers when asked; by default what our books say (the sandbox keeps none). */
    let providerSays: ((id: string) => Promise<PaymentStatus | undefined>) | undefined;
    const providers = () =>
      new Map<string, PaymentProvider>([
        [
          'sandbox',
          sandboxProvider(SECRET, (id) =>
            providerSays ? providerSays(id) : recordedPaymentStatus(t.db, id),
          ),
        ],
      ]);
    /** The sweep as the app's minute timer runs it, at `minutes` from now. */
    const sweepAt = (minutes: number) =>
      expirePaymentSessions(t.db, providers(), { now: new Date(Date.now() + minutes * MINUTE) });

    beforeAll(async () => {
      card = await addCardOption(t.db);
    });

    const webhook = (event: object) => sandboxWebhook(t, SECRET, event);
    async function startPayment(token: string, balance = 100_000) {
      const res = await t.call('apply-deposit-payment', { balance, code: nextCode(), idx: card }, { token });
      expect(res.json(), res.body).toMatchObject({ status: 'success' });
      return decodeURIComponent(String(res.json().launcherUrl).split('/').pop()!);
    }
    const latestDeposit = async (token: string) =>
      (await t.call('get-deposit-list', {}, { token })).json().list[0];

    it('an abandoned payment blocks new deposits until it expires; then the member is released', async () => {
      const { token } = await t.login();
      await startPayment(token);
      // While it is open every other deposit is refused with msg2204, and the member may resume it.
      const blocked = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
      expect(blocked.json()).toMatchObject({ status: 'wait', msg: 'msg2204' });
      const open = await latestDeposit(token);
      expect(open).toMatchObject({ status: 'reg', resumable: true });
      const resumed = await t.call('resume-deposit-payment', { id: open.id }, { token });
      expect(resumed.json().launcherUrl).toMatch(/^\/pay\/sandbox\/deposit\//);

      // Not yet at 29 minutes (the default is 30).
      expect(await sweepAt(29)).toEqual({ expired: 0, settled: 0 });
      expect(await sweepAt(31)).toEqual({ expired: 1, settled: 0 });
      expect(await latestDeposit(token)).toMatchObject({
        id: open.id,
        status: 'cansel',
        cancelledBy: 'expiry',
        resumable: false,
      });
      expect((await t.call('resume-deposit-payment', { id: open.id }, { token })).json()).toMatchObject({
        msg: 'msg3052',
      });
      const health = (await t.call('user-health-check', {}, { token })).json();
      expect(health.news).toMatchObject({ key: 'depositExpired', params: { amount: 100_000 } });
      const next = await t.call('apply-user-deposit', { balance: 10_000, code: nextCode() }, { token });
      expect(next.json(), next.body).toMatchObject({ status: 'success' });
    });

    it("follows the site's paymentSessionMinutes", async () => {
      const [site] = await t.db.select().from(sites).where(eq(sites.isDefault, true));
      const res = await as('owner').post(`/api/admin/settings/sites/${site!.id}/cashier`, {
        paymentSessionMinutes: 10,
      });
      expect(res.statusCode, res.body).toBe(200);
      try {
        const { token } = await t.login();
        await startPayment(token);
        expect((await sweepAt(9)).expired).toBe(0);
        expect((await sweepAt(11)).expired).toBe(1);
      } finally {
        await as('owner').post(`/api/admin/settings/sites/${site!.id}/cashier`, {
          paymentSessionMinutes: 30,
        });
      }
    });

    it('asks the provider first: a payment it confirms is credited instead of expired', async () => {
      const { token } = await t.login();
      const sessionId = await startPayment(token, 70_000);
      providerSays = async (id) => (id === sessionId ? { status: 'confirmed', amount: 70_000 } : undefined);
      try {
        expect(await sweepAt(31)).toEqual({ expired: 0, settled: 1 });
      } finally {
        providerSays = undefined;
      }
      expect(await latestDeposit(token)).toMatchObject({ status: 'already' });
      expect((await balancesOf(t, token)).cash).toBe(70_000);
      // The provider's own callback for the same payment changes nothing.
      const late = await webhook({ eventId: 'evt-own', sessionId, outcome: 'confirmed', amount: 70_000 });
      expect(late.json()).toMatchObject({ outcome: 'already-final' });
      expect((await balancesOf(t, token)).cash).toBe(70_000);
    });

    it('a provider out of reach is asked again later, and nothing expires meanwhile', async () => {
      const { token } = await t.login();
      await startPayment(token);
      providerSays = async () => {
        throw new Error('provider unreachable');
      };
      try {
        expect(await sweepAt(31)).toEqual({ expired: 0, settled: 0 });
      } finally {
        providerSays = undefined;
      }
      expect(await latestDeposit(token)).toMatchObject({ status: 'reg' });
      expect((await sweepAt(31)).expired).toBe(1);
    });

    it('a callback that arrives after expiry is applied once, never lost', async () => {
      const { token } = await t.login();
      const sessionId = await startPayment(token, 50_000);
      await sweepAt(31);
      const { id } = await latestDeposit(token);
      // Meanwhile the member started another deposit: both stand.
      await t.call('apply-user-deposit', { balance: 20_000, code: nextCode() }, { token });

      const event = { eventId: 'evt-late-1', sessionId, outcome: 'confirmed', amount: 50_000 };
      expect((await webhook(event)).json()).toEqual({ status: 'success', outcome: 'credited' });
      expect((await webhook(event)).json()).toMatchObject({ outcome: 'duplicate' });
      const other = { ...event, eventId: 'evt-late-2' };
      expect((await webhook(other)).json()).toMatchObject({ outcome: 'already-final' });

      const list = (await t.call('get-deposit-list', {}, { token })).json().list;
      expect(list.find((r: { id: number }) => r.id === id)).toMatchObject({
        status: 'already',
        reason: null,
      });
      expect(list[0]).toMatchObject({ status: 'wait', amount: 20_000 });
      expect((await balancesOf(t, token)).cash).toBe(50_000);
      const credits = await t.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, `deposit:${id}`));
      expect(credits).toHaveLength(1);
      await expectSoundLedger(t.db);
    });

    it('a payment made after the member cancelled is credited too; a decline after expiry moves nothing', async () => {
      const { token } = await t.login();
      const sessionId = await startPayment(token, 30_000);
      const { id } = await latestDeposit(token);
      expect((await t.call('user-cancel-deposit', { id }, { token })).statusCode).toBe(200);
      expect(await latestDeposit(token)).toMatchObject({ status: 'cansel', cancelledBy: 'member' });
      const paid = await webhook({
        eventId: 'evt-after-cancel',
        sessionId,
        outcome: 'confirmed',
        amount: 30_000,
      });
      expect(paid.json()).toMatchObject({ outcome: 'credited' });
      expect((await balancesOf(t, token)).cash).toBe(30_000);

      const second = await t.login();
      const expiring = await startPayment(second.token, 40_000);
      await sweepAt(31);
      const declined = await webhook({
        eventId: 'evt-decl',
        sessionId: expiring,
        outcome: 'declined',
        amount: 40_000,
      });
      expect(declined.json()).toMatchObject({ outcome: 'already-final' });
      expect((await balancesOf(t, second.token)).cash).toBe(0);
    });

    it('a late payment for a request the member hid from their list shows it again, credited', async () => {
      const { token } = await t.login();
      const sessionId = await startPayment(token, 30_000);
      const { id } = await latestDeposit(token);
      expect((await t.call('user-cancel-deposit', { id }, { token })).statusCode).toBe(200);
      expect((await t.call('user-del-deposit', { id }, { token })).statusCode).toBe(200);
      const paid = await webhook({ eventId: 'evt-hidden', sessionId, outcome: 'confirmed', amount: 30_000 });
      expect(paid.json()).toMatchObject({ outcome: 'credited' });
      expect((await balancesOf(t, token)).cash).toBe(30_000);
      // The money came in: the request that brought it is in the list again, never a credit without its row.
      expect(await latestDeposit(token)).toMatchObject({ id, status: 'already', amount: 30_000 });
    });

    it('a payment for a request an operator refused is not credited (left for reconciliation)', async () => {
      const { token } = await t.login();
      const sessionId = await startPayment(token, 30_000);
      const { id } = await latestDeposit(token);
      await as('cashier').post(`/api/admin/cashier/deposit/${id}/reject`, { reason: 'Card holder differs' });
      const paid = await webhook({ eventId: 'evt-refused', sessionId, outcome: 'confirmed', amount: 30_000 });
      expect(paid.json()).toMatchObject({ outcome: 'request-not-pending' });
      expect((await balancesOf(t, token)).cash).toBe(0);
    });

    it.runIf(isPostgres)(
      'a late callback racing the sweep and a repeat of itself is credited exactly once',
      async () => {
        for (let round = 0; round < 5; round++) {
          const { token } = await t.login();
          const sessionId = await startPayment(token, 60_000);
          const event = { eventId: `evt-race-${round}`, sessionId, outcome: 'confirmed', amount: 60_000 };
          await Promise.all([
            sweepAt(31),
            webhook(event),
            webhook(event),
            webhook({ ...event, eventId: `x${round}` }),
          ]);
          expect((await balancesOf(t, token)).cash).toBe(60_000);
          expect(await latestDeposit(token)).toMatchObject({ status: 'already' });
        }
        await expectSoundLedger(t.db);
      },
    );
  },
);
