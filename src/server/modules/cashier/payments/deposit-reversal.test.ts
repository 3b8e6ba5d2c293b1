import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { debtOf, laterWin } from '../../../../../test/support/debt.ts';
import { balancesOf, expectSoundLedger, memberIdOf, nextCode } from '../../../../../test/support/money.ts';
import { useOperators } from '../../../../../test/support/operators.ts';
import {
  addCardOption,
  sandboxWebhook,
  startCardPayment,
} from '../../../../../test/support/payment-options.ts';
import { bonusesOf, createCampaign } from '../../../../../test/support/promotions.ts';
import { useTestApp } from '../../../../../test/support/test-app.ts';
import { backendAvailable } from '../../../../../test/support/test-db.ts';
import { launchGame, playRound } from '../../../../../test/support/wallet.ts';
import { queryRows } from '../../../db/client.ts';
import { auditLedger } from '../../ledger/ledger.audit.ts';
import { memberBalances } from '../../ledger/ledger.service.ts';
import { paymentReversals, paymentSessions } from '../cashier.schema.ts';

const SECRET = 'reversal-sandbox-secret';
const WALLET = 'reversal-wallet-secret';
const DAY = 86_400_000;

/**
 * A payment provider reverses a card deposit we credited (a chargeback: its 'declined' after its
 * 'confirmed'): the credit is taken back from the member as a new transfer, once, whatever the number of
 * notices; what they already spent or asked to withdraw becomes their debt; the deposit's bonus goes.
 */
describe.runIf(backendAvailable)('a deposit reversed by its payment provider (a chargeback)', () => {
  const t = useTestApp({ sandboxPspSecret: SECRET, houseWalletSecret: WALLET }, { seedDemo: true });
  const { as } = useOperators(t);
  let card = 0;
  beforeAll(async () => {
    card = await addCardOption(t.db);
    t.app.sites.invalidate();
  });
  const webhook = (event: object) => sandboxWebhook(t, SECRET, event);

  /** A member whose card deposit of `amount` the provider confirmed: credited. */
  async function cardDeposit(amount: number, more: { promo?: number } = {}) {
    const { token, member } = await t.login();
    const memberId = await memberIdOf(t.db, member.id);
    const { sessionId, id } = await startCardPayment(t, token, card, amount, more);
    const paid = await webhook({ eventId: randomUUID(), sessionId, outcome: 'confirmed', amount });
    expect(paid.json(), paid.body).toMatchObject({ status: 'success', outcome: 'credited' });
    expect((await balancesOf(t, token)).cash).toBe(amount);
    return { token, loginId: member.id, memberId, sessionId, id };
  }
  const reverse = (sessionId: string, amount: number, eventId = randomUUID()) =>
    webhook({ eventId, sessionId, outcome: 'declined', amount });
  const reversalOf = async (id: number) =>
    (await t.db.select().from(paymentReversals).where(eq(paymentReversals.cashRequestId, id)))[0];
  const sessionStatus = async (sessionId: string) =>
    (await t.db.select().from(paymentSessions).where(eq(paymentSessions.id, sessionId)))[0]?.status;
  const reversalTransfers = async (id: number) =>
    queryRows<{ amount: number }>(
      t.db,
      sql`select amount from ledger_transfers where kind = 'deposit_reversal' and reference ->> 'cashRequestId' = ${String(id)}`,
    );
  const memberPage = async (memberId: number) => {
    const res = await as('owner').get(`/api/admin/members/${memberId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('takes the whole credit back from the cash, once however often the provider says so', async () => {
    const m = await cardDeposit(100_000);
    const eventId = randomUUID();
    const res = await reverse(m.sessionId, 100_000, eventId);
    expect(res.json(), res.body).toEqual({ status: 'success', outcome: 'reversed' });
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 0, held: 0 });
    // The same notice again, another notice of it, and a confirmation after it: nothing more moves.
    expect((await reverse(m.sessionId, 100_000, eventId)).json().outcome).toBe('duplicate');
    expect((await reverse(m.sessionId, 100_000)).json().outcome).toBe('already-final');
    const paidAgain = await webhook({
      eventId: randomUUID(),
      sessionId: m.sessionId,
      outcome: 'confirmed',
      amount: 100_000,
    });
    expect(paidAgain.json().outcome).toBe('contradicts-final');
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 0, held: 0 });
    expect(await reversalTransfers(m.id)).toEqual([{ amount: 100_000 }]);
    expect(await reversalOf(m.id)).toMatchObject({ amount: 100_000, taken: 100_000, owed: 0, eventId });
    expect(await sessionStatus(m.sessionId)).toBe('reversed');
    expect(await debtOf(t, m.loginId)).toBe(0);
    // The deposit's credit stays as it was: the reversal is a transfer of its own.
    expect(
      await queryRows<{ amount: number }>(
        t.db,
        sql`select amount from ledger_transfers where idempotency_key = ${`deposit:${m.id}`}`,
      ),
    ).toEqual([{ amount: 100_000 }]);
    await expectSoundLedger(t.db);
  });

  it('a partial chargeback takes back only the part the notice names; more than the credit, only the credit', async () => {
    const m = await cardDeposit(100_000);
    const gameToken = await launchGame(t, m.token);
    expect((await playRound(t, WALLET, gameToken, 80_000, 0)).win?.status).toBe('success');
    // 30,000 of the 100,000 disputed: the 20,000 cash holds is taken, 10,000 owed; the rest stays the member's.
    expect((await reverse(m.sessionId, 30_000)).json().outcome).toBe('reversed');
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 0 });
    expect(await debtOf(t, m.loginId)).toBe(10_000);
    expect(await reversalOf(m.id)).toMatchObject({ amount: 30_000, taken: 20_000, owed: 10_000 });
    expect(await reversalTransfers(m.id)).toEqual([{ amount: 20_000 }]);
    // One reversal per deposit: a second partial notice for it is final.
    expect((await reverse(m.sessionId, 5_000)).json().outcome).toBe('already-final');
    expect(await debtOf(t, m.loginId)).toBe(10_000);
    // A notice naming more than was credited takes back the credit, no more.
    const n = await cardDeposit(40_000);
    expect((await reverse(n.sessionId, 90_000)).json().outcome).toBe('reversed');
    expect(await reversalOf(n.id)).toMatchObject({ amount: 40_000, taken: 40_000, owed: 0 });
    expect(await debtOf(t, n.loginId)).toBe(0);
    await expectSoundLedger(t.db);
  });

  it("lists the reversal in the member's statement under deposits, in their language, and on the back office's member page", async () => {
    const m = await cardDeposit(80_000);
    expect((await reverse(m.sessionId, 80_000)).json().outcome).toBe('reversed');
    const list = (
      await t.call('get-user-statement', { pageSize: 100, kind: 'deposit' }, { token: m.token })
    ).json().list as { kind: string; account: string; amount: number }[];
    expect(list.map((l) => [l.kind, l.account, l.amount])).toEqual([
      ['deposit_reversal', 'cash', -80_000],
      ['deposit', 'cash', 80_000],
    ]);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const days = { from: day(Date.now() - 2 * DAY), to: day(Date.now() + DAY) };
    const csv = async (lang: string) =>
      (await t.call('get-account-statement-csv', days, { token: m.token, cookie: `lang=${lang}` })).body;
    const labels = {
      en: 'Deposit reversed',
      th: 'ยกเลิกยอดฝาก',
      ko: '입금 취소',
      jp: '入金の取消',
      vn: 'Hoàn lại khoản nạp',
    };
    for (const [lang, label] of Object.entries(labels)) {
      const body = await csv(lang);
      expect(body, lang).toContain(`,${label},`);
      expect(body, lang).toMatch(/-800[.,]00/);
      expect(body, lang).not.toContain('deposit_reversal');
    }
    const page = await memberPage(m.memberId);
    expect(page.statement).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'deposit_reversal', amount: -80_000 })]),
    );
    expect(page.debt).toMatchObject({ owed: 0 });
    await expectSoundLedger(t.db);
  });

  it('takes what the cash holds and records the rest as a debt when the member asked to withdraw part; no payout while it is open', async () => {
    const m = await cardDeposit(100_000);
    const asked = await t.call(
      'apply-user-withdraw',
      { balance: 60_000, code: nextCode() },
      { token: m.token },
    );
    expect(asked.json(), asked.body).toMatchObject({ status: 'success' });
    expect((await reverse(m.sessionId, 100_000)).json().outcome).toBe('reversed');
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 0, held: 60_000 });
    expect(await debtOf(t, m.loginId)).toBe(60_000);
    expect(await reversalOf(m.id)).toMatchObject({ amount: 100_000, taken: 40_000, owed: 60_000 });
    // The member is told what they owe, for the page to say in their language.
    const notes = (await t.call('get-note-list', { page: 1 }, { token: m.token })).json().notes;
    expect(notes[0]).toMatchObject({ msgKey: 'depositReversedOwed', msgParams: { amount: 60_000 } });
    const page = await memberPage(m.memberId);
    expect(page.debt).toMatchObject({ owed: 60_000 });
    expect(page.debt.entries[0]).toMatchObject({
      amount: 60_000,
      cause: 'deposit_reversed',
      provider: 'payment:sandbox',
      roundId: `deposit:${m.id}`,
    });

    // The held withdrawal is not paid while the member owes.
    const withdrawal = (await t.call('get-withdraw-list', {}, { token: m.token })).json().list[0]
      .id as number;
    // The cashier's queue shows the chargeback beside the member's deposits.
    const queue = await as('cashier').get('/api/admin/cashier/pending?kind=withdraw&limit=200');
    const queued = queue.json().requests.find((r: { id: number }) => r.id === withdrawal);
    expect(queued.history).toEqual({
      deposits: { count: 1, total: 100_000 },
      withdrawals: { count: 0, total: 0 },
      reversals: { count: 1, total: 100_000 },
    });
    const pay = await as('cashier').post(`/api/admin/cashier/withdraw/${withdrawal}/approve`, {});
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json()).toMatchObject({ status: 'debt', owed: 60_000 });

    // The cashier refuses the withdrawal (its money back to cash): the member cannot ask again while
    // owing, and the back office collects the debt from that cash.
    const refused = await as('cashier').post(`/api/admin/cashier/withdraw/${withdrawal}/reject`, {
      reason: 'Deposit charged back',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const again = await t.call(
      'apply-user-withdraw',
      { balance: 10_000, code: nextCode() },
      { token: m.token },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'debt', owed: 60_000 });
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 60_000, held: 0 });
    const collected = await as('owner').post(`/api/admin/members/${m.memberId}/debt/collect`, {
      reason: 'card deposit charged back',
      key: `debt-${nextCode()}`,
    });
    expect(collected.json(), collected.body).toMatchObject({
      status: 'success',
      amount: 60_000,
      owedAfter: 0,
    });
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 0, held: 0 });
    await expectSoundLedger(t.db);
  });

  it('records as a debt what the member already lost playing, repaid from a later win', async () => {
    const m = await cardDeposit(100_000);
    const gameToken = await launchGame(t, m.token);
    expect((await playRound(t, WALLET, gameToken, 70_000, 0)).win?.status).toBe('success');
    expect((await reverse(m.sessionId, 100_000)).json().outcome).toBe('reversed');
    expect(await balancesOf(t, m.token)).toMatchObject({ cash: 0 });
    expect(await debtOf(t, m.loginId)).toBe(70_000);
    // More cash from elsewhere (an approved deposit) pays for a stake whose win repays the debt first.
    const more = await t.call(
      'apply-user-deposit',
      { balance: 50_000, code: nextCode() },
      { token: m.token },
    );
    const approved = await as('cashier').post(
      `/api/admin/cashier/deposit/${more.json().requestId}/approve`,
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await laterWin(t, WALLET, gameToken, 10_000, 100_000)).toMatchObject({ balance: 70_000 });
    expect(await debtOf(t, m.loginId)).toBe(0);
    await expectSoundLedger(t.db);
  });

  it("forfeits the deposit's bonus still running", async () => {
    await t.db.execute(
      sql`update promo_campaigns set enabled = false where type in ('first_deposit', 'every_deposit')`,
    );
    const campaign = await createCampaign(as('owner'), {
      name: 'Every deposit 50%',
      type: 'every_deposit',
      percentBps: 5_000,
      cap: null,
      minDeposit: 10_000,
    });
    // The member opts in with the card payment, as with a bank transfer: granted when the provider confirms.
    const m = await cardDeposit(100_000, { promo: campaign });
    expect(await memberBalances(t.db, m.memberId)).toMatchObject({ cash: 100_000, bonus: 50_000 });
    expect((await reverse(m.sessionId, 100_000)).json().outcome).toBe('reversed');
    expect(await memberBalances(t.db, m.memberId)).toMatchObject({ cash: 0, bonus: 0 });
    const bonuses = await bonusesOf(t, { token: m.token });
    expect(JSON.stringify(bonuses)).toContain('forfeited');
    expect((await reversalOf(m.id))?.bonusId).toEqual(expect.any(Number));
    await expectSoundLedger(t.db);
  });

  it('the ledger audit holds each reversal to its transfer and its debt', async () => {
    const m = await cardDeposit(30_000);
    expect((await reverse(m.sessionId, 30_000)).json().outcome).toBe('reversed');
    expect((await auditLedger(t.db)).cashier.problems).toEqual([]);
    // A record that says more was taken than the ledger moved is found.
    await t.db.execute(
      sql`update payment_reversals set taken = 20000, owed = 10000 where cash_request_id = ${m.id}`,
    );
    try {
      expect((await auditLedger(t.db)).cashier.problems).toEqual([
        expect.stringContaining(`deposit reversal ${(await reversalOf(m.id))!.id} of request ${m.id}`),
      ]);
    } finally {
      await t.db.execute(
        sql`update payment_reversals set taken = 30000, owed = 0 where cash_request_id = ${m.id}`,
      );
    }
    expect((await auditLedger(t.db)).cashier.problems).toEqual([]);
  });
});
